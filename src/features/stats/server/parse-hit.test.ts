import { describe, expect, it } from 'vitest';
import { type ParsedHit, parseHit } from './parse-hit.ts';

const site = ['blog.example'];

function parse(query: string) {
  return parseHit(new URLSearchParams(query), site);
}

function accepted(query: string): ParsedHit {
  const hit = parse(query);
  if ('problem' in hit) throw new Error(`refused: ${hit.problem}`);
  return hit;
}

function refusal(query: string): string {
  const hit = parse(query);
  if (!('problem' in hit)) throw new Error('accepted');
  return hit.problem;
}

const base = 'qstat=1&r=8412345&t=pageview&p=%2Fhello%2F';

describe('parseHit', () => {
  it('reads every parameter of a page view', () => {
    const hit = accepted(
      `${base}&ref=https%3A%2F%2Fwww.Search.example%2Fresults%3Fq%3Dname%40mail&ti=Hello%20world` +
        '&utm_source=news&utm_medium=email&utm_campaign=spring&utm_term=boots&utm_content=top' +
        '&gclid=abc123&sw=1920&sh=1080&vw=1280&vh=720&cs=UTF-8&cd=24',
    );
    expect(hit).toEqual({
      type: 'pageview',
      path: '/hello/',
      title: 'Hello world',
      referrer: 'search.example/results',
      referrerHost: 'search.example',
      utm: {
        utm_source: 'news',
        utm_medium: 'email',
        utm_campaign: 'spring',
        utm_term: 'boots',
        utm_content: 'top',
      },
      clickId: 'gclid',
      screenWidth: 1920,
      screenHeight: 1080,
      viewportWidth: 1280,
      viewportHeight: 720,
      charset: 'UTF-8',
      colorDepth: 24,
      event: null,
    });
  });

  it('leaves absent parameters empty', () => {
    const hit = accepted(base);
    expect(hit.title).toBeNull();
    expect(hit.referrer).toBeNull();
    expect(hit.utm.utm_source).toBeNull();
    expect(hit.clickId).toBeNull();
    expect(hit.screenWidth).toBeNull();
  });

  it('reads an event, with or without label and value', () => {
    expect(accepted('r=1&t=event&p=%2F&ec=Video&ea=play&el=Intro&ev=3').event).toEqual({
      category: 'Video',
      action: 'play',
      label: 'Intro',
      value: 3,
    });
    expect(accepted('r=1&t=event&p=%2F&ec=Video&ea=play').event).toEqual({
      category: 'Video',
      action: 'play',
      label: null,
      value: null,
    });
    expect(refusal('r=1&t=event&p=%2F&ec=Video')).toMatch(/category .* action/);
    expect(refusal('r=1&t=event&p=%2F&ec=Video&ea=play&ev=1.5')).toMatch(/ev/);
  });

  it('ignores event parameters on a page view', () => {
    expect(accepted(`${base}&ec=Video&ea=play`).event).toBeNull();
  });

  it('treats the site itself as no referrer', () => {
    expect(accepted(`${base}&ref=https%3A%2F%2Fwww.blog.example%2Fabout%2F`).referrer).toBeNull();
  });

  it('keeps an Android app as a referrer', () => {
    const hit = accepted(`${base}&ref=android-app%3A%2F%2Fcom.google.android.gm%2F`);
    expect(hit.referrerHost).toBe('com.google.android.gm');
  });

  it('records which click id came, in a fixed order, never its value', () => {
    const hit = accepted(`${base}&fbclid=zzz&msclkid=yyy`);
    expect(hit.clickId).toBe('fbclid');
    expect(JSON.stringify(hit)).not.toContain('zzz');
  });

  it('refuses hits a beacon cannot send', () => {
    expect(refusal('t=pageview&p=%2F')).toMatch(/random/);
    expect(refusal('r=abc&t=pageview&p=%2F')).toMatch(/random/);
    expect(refusal('r=1&t=click&p=%2F')).toMatch(/type/);
    expect(refusal('r=1&t=pageview')).toMatch(/path/);
    expect(refusal('r=1&t=pageview&p=https%3A%2F%2Fevil.example%2F')).toMatch(/path/);
    expect(refusal('r=1&t=pageview&p=%2F%2Fevil.example')).toMatch(/path/);
  });

  it('refuses sizes that are not whole numbers in range', () => {
    expect(refusal(`${base}&sw=wide`)).toMatch(/sw/);
    expect(refusal(`${base}&sh=-5`)).toMatch(/sh/);
    expect(refusal(`${base}&vw=16385`)).toMatch(/vw/);
    expect(refusal(`${base}&vh=1e3`)).toMatch(/vh/);
    expect(refusal(`${base}&cd=0`)).toMatch(/cd/);
    expect(refusal(`${base}&sw=99999999999999`)).toMatch(/sw/);
    expect(accepted(`${base}&sw=16384`).screenWidth).toBe(16384);
  });

  it('refuses values over their bounds', () => {
    expect(refusal(`${base}&ti=${'a'.repeat(257)}`)).toMatch(/ti is longer than 256/);
    expect(accepted(`${base}&ti=${'a'.repeat(256)}`).title).toHaveLength(256);
    expect(refusal(`${base}&utm_source=${'s'.repeat(129)}`)).toMatch(/utm_source/);
    expect(refusal(`r=1&t=pageview&p=%2F${'x'.repeat(600)}`)).toMatch(/p is longer/);
    expect(refusal(`${base}&ref=${'h'.repeat(1100)}`)).toMatch(/ref is longer/);
  });

  it('refuses a referrer that is not a web address', () => {
    expect(refusal(`${base}&ref=javascript%3Aalert(1)`)).toMatch(/web address/);
    expect(refusal(`${base}&ref=data%3Atext%2Fhtml%2C%3Cscript%3E`)).toMatch(/web address/);
    expect(refusal(`${base}&ref=%3Cscript%3Ealert(1)%3C%2Fscript%3E`)).toMatch(/address/);
  });

  it('refuses a character set with odd characters', () => {
    expect(refusal(`${base}&cs=%3Cscript%3E`)).toMatch(/cs/);
  });

  it('keeps a title as text and removes control characters', () => {
    const hit = accepted(`${base}&ti=%3Cscript%3Ealert(1)%3C%2Fscript%3E%1B%5B2J%07`);
    expect(hit.title).toBe('<script>alert(1)</script> [2J');
    expect(hit.title).not.toMatch(/\p{Cc}/u);
  });
});
