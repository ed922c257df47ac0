import { describe, expect, it } from 'vitest';
import { absoluteUrl } from '../../platform/absolute-url.ts';
import { documentTitle, jsonLdFor, type Seo, serializeJsonLd } from './seo.ts';

const site = {
  title: 'Field Notes',
  description: 'A blog.',
  url: 'https://notes.example',
  locale: 'en',
};

describe('seo', () => {
  it('builds absolute URLs and titles', () => {
    expect(absoluteUrl(site.url, '/a-post/')).toBe('https://notes.example/a-post/');
    expect(
      documentTitle({ title: 'A post', description: '', path: '/a/', type: 'article' }, site),
    ).toBe('A post · Field Notes');
    expect(
      documentTitle({ title: 'Field Notes', description: '', path: '/', type: 'website' }, site),
    ).toBe('Field Notes');
  });

  it('describes an article as a BlogPosting with dates and image', () => {
    const seo: Seo = {
      title: 'A post',
      description: 'About things.',
      path: '/a-post/',
      type: 'article',
      image: { url: '/media/1/1280/a.jpg', width: 1280, height: 800, alt: '' },
      publishedAt: Date.UTC(2026, 0, 2),
      tags: ['Travel', 'Notes'],
    };
    expect(jsonLdFor(seo, site)).toMatchObject({
      '@type': 'BlogPosting',
      headline: 'A post',
      image: 'https://notes.example/media/1/1280/a.jpg',
      datePublished: '2026-01-02T00:00:00.000Z',
      keywords: 'Travel, Notes',
    });
    expect(
      jsonLdFor({ title: 'Field Notes', description: '', path: '/', type: 'website' }, site),
    ).toMatchObject({ '@type': 'WebSite' });
  });

  it('cannot be broken out of its script element', () => {
    const json = serializeJsonLd({ headline: '</script><script>alert(1)</script>' });
    expect(json).not.toContain('</script>');
    expect(JSON.parse(json).headline).toBe('</script><script>alert(1)</script>');
  });
});
