import { describe, expect, it } from 'vitest';
import { asksNotToBeTracked, isPrefetch, isRobot } from './traffic-filters.ts';

const people = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
  'Mozilla/5.0 (X11; Linux x86_64; rv:140.0) Gecko/20100101 Firefox/140.0',
  'Mozilla/5.0 (Linux; Android 14; CUBOT KingKong) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/141.0 Mobile Safari/537.36',
  'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Mobile Safari/537.36 Telegram-Android/11.2',
];

const robots = [
  undefined,
  '',
  'curl/8.5.0',
  'python-requests/2.32',
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/142.0.0.0 Safari/537.36',
  'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
  'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko; compatible; Slackbot-LinkExpanding 1.0)',
  'Mozilla/5.0 (compatible; AhrefsBot/7.0; +http://ahrefs.com/robot/)',
  `Mozilla/5.0 ${'x'.repeat(600)}`,
];

describe('isRobot', () => {
  it.each(people)('counts a person: %s', (userAgent) => {
    expect(isRobot(userAgent)).toBe(false);
  });
  it.each(robots)('leaves out a robot: %s', (userAgent) => {
    expect(isRobot(userAgent)).toBe(true);
  });
});

describe('isPrefetch', () => {
  it('sees the prefetch and prerender headers of the browsers', () => {
    expect(isPrefetch({ 'sec-purpose': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'sec-purpose': 'prefetch;prerender' })).toBe(true);
    expect(isPrefetch({ purpose: 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-moz': 'prefetch' })).toBe(true);
    expect(isPrefetch({ 'x-purpose': 'preview' })).toBe(true);
    expect(isPrefetch({ accept: 'image/*' })).toBe(false);
  });
});

describe('asksNotToBeTracked', () => {
  it('reads Do Not Track and Global Privacy Control', () => {
    expect(asksNotToBeTracked({ dnt: '1' })).toBe(true);
    expect(asksNotToBeTracked({ 'sec-gpc': '1' })).toBe(true);
    expect(asksNotToBeTracked({ dnt: '0' })).toBe(false);
    expect(asksNotToBeTracked({})).toBe(false);
  });
});
