import { describe, expect, it } from 'vitest';
import { staysSilent } from './privacy-signals.ts';

describe('staysSilent', () => {
  it('honours Do Not Track and Global Privacy Control when the site respects them', () => {
    expect(staysSilent(true, { doNotTrack: '1' })).toBe(true);
    expect(staysSilent(true, { globalPrivacyControl: true })).toBe(true);
    expect(staysSilent(true, { doNotTrack: '1', globalPrivacyControl: true })).toBe(true);
  });

  it('counts a browser that sends neither, or says no to them', () => {
    expect(staysSilent(true, {})).toBe(false);
    expect(staysSilent(true, { doNotTrack: '0', globalPrivacyControl: false })).toBe(false);
    expect(staysSilent(true, { doNotTrack: 'unspecified' })).toBe(false);
    expect(staysSilent(true, { doNotTrack: null })).toBe(false);
  });

  it('counts everyone when the site does not respect them', () => {
    expect(staysSilent(false, { doNotTrack: '1', globalPrivacyControl: true })).toBe(false);
  });
});
