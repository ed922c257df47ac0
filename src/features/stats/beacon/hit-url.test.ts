import { describe, expect, it } from 'vitest';
import { clickIdParams, hitLimits, utmParams } from '../hit-params.ts';
import { buildHitUrl, type PageView } from './hit-url.ts';

function view(overrides: Partial<Record<string, unknown>> = {}): PageView {
  const {
    pathname = '/a-post/',
    search = '',
    referrer = 'https://search.example/?q=quire',
    title = 'A post · Quire',
    characterSet = 'UTF-8',
    width = 1920,
    height = 1080,
    colorDepth = 24,
    innerWidth = 1280,
    innerHeight = 720,
  } = overrides;
  return {
    location: { pathname, search } as PageView['location'],
    document: { referrer, title, characterSet } as PageView['document'],
    screen: { width, height, colorDepth } as PageView['screen'],
    innerWidth: innerWidth as number,
    innerHeight: innerHeight as number,
  };
}

/** The hit's parameters, in order. */
function params(url: string): [string, string][] {
  expect(url.startsWith('/?')).toBe(true);
  return [...new URLSearchParams(url.slice(2))];
}

describe('buildHitUrl', () => {
  it('carries every parameter of a page view', () => {
    expect(params(buildHitUrl(view(), undefined, '123456789'))).toEqual([
      ['qstat', '1'],
      ['t', 'pageview'],
      ['r', '123456789'],
      ['p', '/a-post/'],
      ['ref', 'https://search.example/?q=quire'],
      ['ti', 'A post · Quire'],
      ['sw', '1920'],
      ['sh', '1080'],
      ['vw', '1280'],
      ['vh', '720'],
      ['cs', 'UTF-8'],
      ['cd', '24'],
    ]);
  });

  it('takes a fresh random number of digits only (as the server wants) when none is given', () => {
    const randoms = new Set(
      Array.from({ length: 200 }, () => new URLSearchParams(buildHitUrl(view()).slice(2)).get('r')),
    );
    expect(randoms.size).toBe(200);
    for (const random of randoms) expect(random).toMatch(/^\d{16}$/);
  });

  it('sends the path without the query, and the utm parameters and click ids under their own names', () => {
    const search =
      '?utm_source=news%20letter&utm_medium=email&utm_campaign=spring&utm_term=blog+tools' +
      '&utm_content=header&gclid=Cj0KCQ&fbclid=IwAR2x&msclkid=abc123&other=secret&utm_unknown=x';
    const hit = new URLSearchParams(buildHitUrl(view({ search })).slice(2));
    expect(hit.get('p')).toBe('/a-post/');
    expect(hit.get('utm_source')).toBe('news letter');
    expect(hit.get('utm_medium')).toBe('email');
    expect(hit.get('utm_campaign')).toBe('spring');
    expect(hit.get('utm_term')).toBe('blog tools');
    expect(hit.get('utm_content')).toBe('header');
    expect(hit.get('gclid')).toBe('Cj0KCQ');
    expect(hit.get('fbclid')).toBe('IwAR2x');
    expect(hit.get('msclkid')).toBe('abc123');
    expect(hit.has('other')).toBe(false);
    expect(hit.has('utm_unknown')).toBe(false);
    expect(hit.has('gbraid')).toBe(false);
  });

  it('passes on every utm parameter and click id the server knows', () => {
    const names = [...utmParams, ...clickIdParams];
    const search = `?${names.map((name) => `${name}=v-${name}`).join('&')}`;
    const hit = new URLSearchParams(buildHitUrl(view({ search })).slice(2));
    for (const name of names) expect(hit.get(name)).toBe(`v-${name}`);
  });

  it('leaves out what is empty: no referrer for a direct visit, no title', () => {
    const hit = new URLSearchParams(buildHitUrl(view({ referrer: '', title: '' })).slice(2));
    expect(hit.has('ref')).toBe(false);
    expect(hit.has('ti')).toBe(false);
    expect(hit.get('p')).toBe('/a-post/');
  });

  it('cuts every text to its bound', () => {
    const long = (length: number) => 'x'.repeat(length + 50);
    const search = `?utm_campaign=${long(hitLimits.utm)}&gclid=${long(hitLimits.clickId)}`;
    const hit = new URLSearchParams(
      buildHitUrl(
        view({
          pathname: `/${long(hitLimits.path)}`,
          referrer: `https://a.example/${long(hitLimits.referrer)}`,
          title: long(hitLimits.title),
          characterSet: long(hitLimits.charset),
          search,
        }),
        [long(hitLimits.eventCategory), long(hitLimits.eventAction), long(hitLimits.eventLabel), 1],
        '7'.repeat(40),
      ).slice(2),
    );
    expect(hit.get('r')).toHaveLength(hitLimits.random);
    expect(hit.get('p')).toHaveLength(hitLimits.path);
    expect(hit.get('ref')).toHaveLength(hitLimits.referrer);
    expect(hit.get('ti')).toHaveLength(hitLimits.title);
    expect(hit.get('cs')).toHaveLength(hitLimits.charset);
    expect(hit.get('utm_campaign')).toHaveLength(hitLimits.utm);
    expect(hit.get('gclid')).toHaveLength(hitLimits.clickId);
    expect(hit.get('ec')).toHaveLength(hitLimits.eventCategory);
    expect(hit.get('ea')).toHaveLength(hitLimits.eventAction);
    expect(hit.get('el')).toHaveLength(hitLimits.eventLabel);
  });

  it('keeps sizes and colour depth whole and within their range, from 1', () => {
    const hit = new URLSearchParams(
      buildHitUrl(
        view({ width: 40_000, height: 1079.6, innerWidth: -5, innerHeight: 0, colorDepth: 128 }),
      ).slice(2),
    );
    expect(hit.get('sw')).toBe(String(hitLimits.maxSide));
    expect(hit.get('sh')).toBe('1080');
    expect(hit.get('vw')).toBe('1');
    expect(hit.get('vh')).toBe('1');
    expect(hit.get('cd')).toBe(String(hitLimits.maxColorDepth));
  });

  it('makes an event hit with category, action, label and value', () => {
    const hit = new URLSearchParams(buildHitUrl(view(), ['Video', 'play', 'Intro', 3]).slice(2));
    expect(hit.get('t')).toBe('event');
    expect([hit.get('ec'), hit.get('ea'), hit.get('el'), hit.get('ev')]).toEqual([
      'Video',
      'play',
      'Intro',
      '3',
    ]);
    expect(hit.get('p')).toBe('/a-post/');
  });

  it('sends an event value as a whole number within its bound, and leaves out a missing one', () => {
    const value = (v: unknown) =>
      new URLSearchParams(
        buildHitUrl(view(), ['Video', 'play', undefined, v as number]).slice(2),
      ).get('ev');
    expect(value(2.6)).toBe('3');
    expect(value(-7)).toBe('-7');
    expect(value(0)).toBe('0');
    expect(value(5e12)).toBe(String(hitLimits.maxEventValue));
    expect(value(-5e12)).toBe(String(-hitLimits.maxEventValue));
    expect(value(undefined)).toBeNull();
    expect(value(Number.NaN)).toBeNull();
    expect(value('many')).toBeNull();
    const hit = new URLSearchParams(buildHitUrl(view(), ['Video', 'play']).slice(2));
    expect(hit.has('el')).toBe(false);
    expect(hit.has('ev')).toBe(false);
  });

  it('encodes what it carries: a title with & and = stays one parameter', () => {
    const hit = new URLSearchParams(buildHitUrl(view({ title: 'Q&A = answers #1' })).slice(2));
    expect(hit.get('ti')).toBe('Q&A = answers #1');
  });
});
