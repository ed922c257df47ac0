import { describe, expect, it } from 'vitest';
import { mayKeepVisitorId, usableVisitorId } from './visitor-consent.ts';

const id = '0f8fad5b-d9cb-469f-a165-70867728950e';

describe('usableVisitorId', () => {
  it('is never used when the setting is off', () => {
    expect(usableVisitorId(`_qvid=${id}; quire_consent=granted`, 'off')).toBeUndefined();
  });
  it('needs granted consent by default', () => {
    expect(usableVisitorId(`_qvid=${id}`, 'with-consent')).toBeUndefined();
    expect(usableVisitorId(`_qvid=${id}; quire_consent=denied`, 'with-consent')).toBeUndefined();
    expect(usableVisitorId(`a=b; _qvid=${id}; quire_consent=granted`, 'with-consent')).toBe(id);
  });
  it('is used without consent when the site allows it', () => {
    expect(usableVisitorId(`_qvid=${id}`, 'always')).toBe(id);
  });
  it('accepts only a UUID v4', () => {
    expect(usableVisitorId('_qvid=not-a-uuid', 'always')).toBeUndefined();
    expect(usableVisitorId('_qvid=0f8fad5b-d9cb-169f-a165-70867728950e', 'always')).toBeUndefined();
    expect(usableVisitorId(undefined, 'always')).toBeUndefined();
  });
});

describe('mayKeepVisitorId', () => {
  it('never with the setting off, whatever the visitor said', () => {
    expect(mayKeepVisitorId('off', 'granted')).toBe(false);
    expect(mayKeepVisitorId('off', undefined)).toBe(false);
  });
  it('with consent only once the visitor granted it', () => {
    expect(mayKeepVisitorId('with-consent', undefined)).toBe(false);
    expect(mayKeepVisitorId('with-consent', 'denied')).toBe(false);
    expect(mayKeepVisitorId('with-consent', 'granted')).toBe(true);
  });
  it('always when the site needs no consent', () => {
    expect(mayKeepVisitorId('always', undefined)).toBe(true);
    expect(mayKeepVisitorId('always', 'denied')).toBe(true);
  });
});
