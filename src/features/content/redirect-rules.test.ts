import { describe, expect, it } from 'vitest';
import { redirectLocation } from '../../platform/redirect-target.ts';
import { redirectRuleMessages as m } from './address-messages.ts';
import {
  collapsedTarget,
  homeQueryOf,
  readRedirectFrom,
  readRedirectTo,
  redirectKey,
} from './redirect-rules.ts';

const site = 'https://blog.example.org';

describe('redirectKey', () => {
  it('makes one address of its spellings: slash, case, escapes, empty parts', () => {
    for (const spelling of [
      '/old-post',
      '/old-post/',
      '/Old-Post/',
      '/old%2Dpost',
      '//old-post//',
    ]) {
      expect(redirectKey(spelling), spelling).toBe('/old-post/');
    }
    expect(redirectKey('/café/')).toBe('/caf%C3%A9/');
    expect(redirectKey('/CAF%C3%89')).toBe('/caf%C3%A9/');
    expect(redirectKey('/2019/05/Old Post/')).toBe('/2019/05/old%20post/');
  });

  it('keeps a file name without a closing slash, and an escaped slash escaped', () => {
    expect(redirectKey('/old.html/')).toBe('/old.html');
    expect(redirectKey('/tag/news/feed.xml')).toBe('/tag/news/feed.xml');
    expect(redirectKey('/a%2Fb')).toBe('/a%2Fb/');
    expect(redirectKey('/')).toBe('/');
  });

  it('has no lookup form for what cannot be decoded, or dot parts', () => {
    expect(redirectKey('/100%/')).toBeUndefined();
    expect(redirectKey('/a/../b/')).toBeUndefined();
    expect(redirectKey('/./b/')).toBeUndefined();
  });
});

describe('readRedirectFrom', () => {
  const read = (text: string) => readRedirectFrom(text, site);

  it('takes a path, or a full address of this site, in its lookup form', () => {
    expect(read(' /Old-Post ')).toEqual({ ok: true, value: '/old-post/' });
    expect(read('https://blog.example.org/2019/05/old/')).toEqual({
      ok: true,
      value: '/2019/05/old/',
    });
    expect(read('/feed/')).toEqual({ ok: true, value: '/feed/' });
    expect(read('/tag/old-name/feed.xml')).toEqual({ ok: true, value: '/tag/old-name/feed.xml' });
  });

  it('says why what is no old address of this site cannot be one', () => {
    const refusals: Array<[string, string]> = [
      ['', m.fromEmpty],
      ['old-post', m.fromNotPath],
      ['https://other.example/old/', m.fromOtherSite('https://blog.example.org')],
      ['/old/?p=12', m.fromQuery],
      ['/?p=12', m.fromQuery],
      ['/old/#part', m.fromFragment],
      ['/100%/', m.fromEncoding],
      ['/a/../b/', m.fromDots],
      ['/', m.fromHome],
      ['/admin/posts', m.fromSiteOwn('/admin/posts/')],
      ['/feed.xml', m.fromSiteOwn('/feed.xml')],
      ['/Search', m.fromSiteOwn('/search/')],
      [`/${'a'.repeat(1001)}`, m.fromTooLong(1000)],
    ];
    for (const [text, message] of refusals) {
      expect(read(text), text).toEqual({ ok: false, message });
    }
  });
});

describe('readRedirectTo', () => {
  const read = (text: string) => readRedirectTo(text, site);

  it('keeps a path of this site with its query and fragment, and its lookup form', () => {
    expect(read('/new-post/')).toEqual({
      ok: true,
      value: { address: '/new-post/', key: '/new-post/' },
    });
    expect(read('/search?q=train trips#results')).toEqual({
      ok: true,
      value: { address: '/search?q=train%20trips#results', key: '/search/' },
    });
    expect(read('https://blog.example.org/New-Post/')).toEqual({
      ok: true,
      value: { address: '/New-Post/', key: '/new-post/' },
    });
  });

  it('keeps another site’s address whole, with no lookup form', () => {
    expect(read('https://other.example/page?a=1')).toEqual({
      ok: true,
      value: { address: 'https://other.example/page?a=1', key: undefined },
    });
  });

  it('refuses what a browser could not follow safely', () => {
    expect(read('')).toEqual({ ok: false, message: m.toEmpty });
    expect(read('new-post')).toEqual({ ok: false, message: m.toNotAddress });
    expect(read('//evil.example/')).toEqual({ ok: false, message: m.toNotAddress });
    expect(read('/\\evil.example/')).toEqual({ ok: false, message: m.toNotAddress });
    expect(read('javascript:alert(1)')).toEqual({ ok: false, message: m.toScheme });
    expect(read('mailto:me@example.org')).toEqual({ ok: false, message: m.toScheme });
    expect(read('https://user:secret@other.example/')).toEqual({
      ok: false,
      message: m.toNotAddress,
    });
  });
});

describe('where a visitor is sent', () => {
  it('carries the visitor’s query after the target’s own, before its fragment', () => {
    expect(redirectLocation('/new/', '')).toBe('/new/');
    expect(redirectLocation('/new/', '?utm_source=mail')).toBe('/new/?utm_source=mail');
    expect(redirectLocation('/search?q=x', '?page=2')).toBe('/search?q=x&page=2');
    expect(redirectLocation('/new/#part', '?a=1')).toBe('/new/?a=1#part');
    expect(redirectLocation('https://other.example/p', '?a=1')).toBe('https://other.example/p?a=1');
  });

  it('collapses a chain as a visitor following both hops would arrive', () => {
    expect(collapsedTarget('/b/', '/c/')).toBe('/c/');
    expect(collapsedTarget('/b/?x=1', '/c/')).toBe('/c/?x=1');
    expect(collapsedTarget('/b/#top', '/c/')).toBe('/c/#top');
    expect(collapsedTarget('/b/#top', '/c/#end')).toBe('/c/#end');
  });
});

describe('old addresses on the home page', () => {
  const url = (query: string) => new URL(`https://site.example${query}`);
  it('finds WordPress’s parameters on the home page only, keeping the rest of the query', () => {
    expect(homeQueryOf(url('/?p=10'))).toEqual({ key: '/?p=10', rest: '' });
    expect(homeQueryOf(url('/?utm_source=x&page_id=7'))).toEqual({
      key: '/?page_id=7',
      rest: '?utm_source=x',
    });
    expect(homeQueryOf(url('/?tag=Cafe'))).toEqual({ key: '/?tag=cafe', rest: '' });
    expect(homeQueryOf(url('/?p=abc'))).toBeUndefined();
    expect(homeQueryOf(url('/?page=2'))).toBeUndefined();
    expect(homeQueryOf(url('/about/?p=10'))).toBeUndefined();
  });
});
