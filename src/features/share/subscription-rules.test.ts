import { describe, expect, it } from 'vitest';
import {
  isSubscribableEmail,
  subscriptionPagePath,
  subscriptionPopupFeatures,
} from './subscription-rules.ts';

describe('subscription box e-mail check', () => {
  it('accepts ordinary addresses', () => {
    for (const good of [
      'ada@example.org',
      'first.last+news@mail.example.co.uk',
      ' padded@example.dev ',
    ]) {
      expect(isSubscribableEmail(good), good).toBe(true);
    }
  });
  it('refuses empty input, the placeholder text and malformed addresses', () => {
    for (const bad of [
      '',
      '   ',
      'Enter your email',
      'no-at-sign',
      'a@b',
      '@example.org',
      'a@@example.org',
      'a@example.',
      'a b@example.org',
      'a@-example.org',
    ]) {
      expect(isSubscribableEmail(bad), bad).toBe(false);
    }
  });
  it('refuses whatever equals the placeholder it is given', () => {
    expect(isSubscribableEmail('you@example.org', 'you@example.org')).toBe(false);
  });
});

describe('subscription page', () => {
  it('is /subscription-form/{feed}/8 with the address, in a 1080×760 popup with scrollbars', () => {
    expect(subscriptionPagePath(1)).toBe('/subscription-form/1/8');
    expect(subscriptionPagePath(1, ' a+b@example.org ')).toBe(
      '/subscription-form/1/8?email=a%2Bb%40example.org',
    );
    expect(subscriptionPopupFeatures()).toContain('width=1080,height=760,scrollbars=yes');
  });
});
