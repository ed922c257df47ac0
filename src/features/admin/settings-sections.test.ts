import { describe, expect, it } from 'vitest';
import { parseSettingsSection, valuesByGroup } from './settings-sections.ts';

const site = {
  title: 'Field Notes',
  description: 'Walks and weather.',
  locale: 'en-GB',
  timeZone: 'Europe/London',
  logoImageId: null,
  postsPerPage: 8,
  footerText: '',
  copyProtection: true,
};

describe('parseSettingsSection', () => {
  it('takes a valid tab, trimmed, and only its own fields', () => {
    const parsed = parseSettingsSection('site', { ...site, title: '  Field Notes ', menu: [] });
    expect(parsed).toEqual({ ok: true, values: site });
  });

  it('says in plain words what each field needs', () => {
    const parsed = parseSettingsSection('site', {
      ...site,
      title: ' ',
      locale: 'English',
      postsPerPage: 0,
      description: 'x'.repeat(301),
      timeZone: 'Mars/Olympus',
    });
    expect(parsed).toEqual({
      ok: false,
      fieldErrors: {
        title: 'This cannot be empty.',
        description: 'Use at most 300 characters.',
        locale: 'Use a language tag such as en, en-GB or de.',
        postsPerPage: 'Enter at least 1.',
        timeZone: 'Use a time zone name such as UTC or Europe/Paris.',
      },
    });
    expect(parseSettingsSection('header', { desktopBreakPoint: null, menu: [] })).toEqual({
      ok: false,
      fieldErrors: { desktopBreakPoint: 'Enter a number.' },
    });
    expect(parseSettingsSection('header', { desktopBreakPoint: 'wide', menu: [] }).ok).toBe(false);
    // A field left out is refused, never given its default over what the owner set.
    expect(parseSettingsSection('site', { ...site, title: undefined })).toEqual({
      ok: false,
      fieldErrors: { title: 'Enter a value.' },
    });
    expect(parseSettingsSection('header', { desktopBreakPoint: 5000, menu: [] })).toEqual({
      ok: false,
      fieldErrors: { desktopBreakPoint: 'Enter at most 4000.' },
    });
  });

  it('keeps the Files tab in its own group, with a bucket name and an endpoint checked', () => {
    const files = {
      uploadLimitMb: 16,
      storage: 's3',
      s3Endpoint: 'https://s3.example.net',
      s3Region: 'auto',
      s3Bucket: 'form-files',
      s3AccessKeyId: 'AKIA0123',
      s3SecretAccessKey: '',
    };
    const parsed = parseSettingsSection('files', files);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(valuesByGroup('files', parsed.values).files).toEqual(files);
    expect(parseSettingsSection('files', { ...files, s3Bucket: 'Not A Bucket' }).ok).toBe(false);
    expect(parseSettingsSection('files', { ...files, s3Endpoint: 'ftp://x' }).ok).toBe(false);
    expect(parseSettingsSection('files', { ...files, uploadLimitMb: 0 }).ok).toBe(false);
  });

  it('checks the currency format as a whole: the two separators must differ', () => {
    const payments = {
      currencyCode: 'EUR',
      currencySymbol: '€',
      currencySymbolPosition: 'right',
      currencyDecimals: 2,
      decimalSeparator: ',',
      thousandsSeparator: '.',
      provider: 'offline',
      offlineInstructions: 'Pay by transfer.',
      stripePublishableKey: '',
      stripeSecretKey: '',
      stripeWebhookSecret: '',
      stripeScriptUrl: 'https://js.stripe.com/v3/',
    };
    const parsed = parseSettingsSection('payments', payments);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(valuesByGroup('payments', parsed.values).payments).toEqual(payments);
    expect(parseSettingsSection('payments', { ...payments, thousandsSeparator: ',' })).toEqual({
      ok: false,
      fieldErrors: {
        thousandsSeparator: 'The thousands separator must differ from the decimal separator.',
      },
    });
    expect(parseSettingsSection('payments', { ...payments, currencyCode: 'euro' }).ok).toBe(false);
    expect(parseSettingsSection('payments', { ...payments, stripeSecretKey: 'pk_test_x' }).ok).toBe(
      false,
    );
  });

  it('keeps the captcha’s service and keys in the captcha group, keys made of key characters', () => {
    const captcha = {
      provider: 'turnstile',
      siteKey: ' 0x4AAAAAAA-site ',
      secretKey: '0x4AAA_secret',
    };
    const parsed = parseSettingsSection('captcha', captcha);
    if (!parsed.ok) throw new Error('refused');
    expect(valuesByGroup('captcha', parsed.values).captcha).toEqual({
      provider: 'turnstile',
      siteKey: '0x4AAAAAAA-site',
      secretKey: '0x4AAA_secret',
    });
    expect(parseSettingsSection('captcha', { ...captcha, provider: 'friendly' }).ok).toBe(false);
    expect(parseSettingsSection('captcha', { ...captcha, siteKey: '<script>' })).toEqual({
      ok: false,
      fieldErrors: { siteKey: 'A site key is made of letters, digits, hyphens and underscores.' },
    });
  });

  it('stores each field of a tab in its own settings group', () => {
    const parsed = parseSettingsSection('privacy', {
      enabled: false,
      respectDoNotTrack: true,
      visitorId: 'off',
    });
    if (!parsed.ok) throw new Error('refused');
    expect(valuesByGroup('privacy', parsed.values)).toEqual({
      site: { visitorId: 'off' },
      stats: { enabled: false, respectDoNotTrack: true },
      mail: {},
      share: {},
      payments: {},
      captcha: {},
      files: {},
    });
    expect(
      parseSettingsSection('privacy', {
        enabled: true,
        respectDoNotTrack: true,
        visitorId: 'sometimes',
      }).ok,
    ).toBe(false);
  });
});
