import { describe, expect, it } from 'vitest';
import {
  numberRangeAt,
  parseSettingsSection,
  type SettingsField,
  settingsSections,
  valuesByGroup,
} from './settings-sections.ts';

const site = {
  title: 'Field Notes',
  description: 'Walks and weather.',
  locale: 'en-GB',
  timeZone: 'Europe/London',
  logoImageId: null,
  defaultShareImageId: null,
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
        postsPerPage: 'Enter a number from 1 to 50.',
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
      fieldErrors: { desktopBreakPoint: 'Enter a number from 320 to 4000.' },
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

  it('tells a number out of its range the whole range, whichever bound it crossed', () => {
    const files = {
      uploadLimitMb: 16,
      storage: 'database',
      s3Endpoint: '',
      s3Region: 'auto',
      s3Bucket: '',
      s3AccessKeyId: '',
      s3SecretAccessKey: '',
    };
    for (const uploadLimitMb of [0, 0.5, -3, 1025]) {
      expect(parseSettingsSection('files', { ...files, uploadLimitMb })).toEqual({
        ok: false,
        fieldErrors: { uploadLimitMb: 'Enter a number from 1 to 1024.' },
      });
    }
    expect(parseSettingsSection('files', { ...files, uploadLimitMb: 1 }).ok).toBe(true);
    expect(parseSettingsSection('files', { ...files, uploadLimitMb: 1024 }).ok).toBe(true);
  });

  it('finds the range of every number setting, nested and nullable ones too', () => {
    for (const [section, shape] of Object.entries(settingsSections)) {
      for (const field of shape.fields as readonly SettingsField[]) {
        if (field.kind !== 'number') continue;
        expect(numberRangeAt(shape.schema, [field.name]), `${section}.${field.name}`).toBeDefined();
      }
    }
    const sharing = settingsSections.sharing.schema;
    expect(numberRangeAt(sharing, ['popup', 'fontSize'])).toEqual({ min: 10, max: 40 });
    expect(numberRangeAt(sharing, ['popup', 'delaySeconds'])).toEqual({ min: 0, max: 3600 });
    expect(numberRangeAt(sharing, ['popup', 'title'])).toBeUndefined();
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
