import { describe, expect, it } from 'vitest';
import { mailSender, mailServerOf, mailSettingsSchema } from './mail-settings.ts';

const config = { from: undefined, noReplyAddress: 'no-reply@blog.example' };
const none = mailSettingsSchema.parse({});

describe('mailSender', () => {
  it('sends as the owner set it, else as MAIL_FROM, else no-reply under the site title', () => {
    expect(mailSender(config, 'Field Notes', none)).toEqual({
      name: 'Field Notes',
      address: 'no-reply@blog.example',
    });
    expect(mailSender({ ...config, from: 'Desk <desk@blog.example>' }, 'Field Notes', none)).toBe(
      'Desk <desk@blog.example>',
    );
    const owner = { senderName: 'Ada', senderAddress: 'ada@blog.example' };
    expect(
      mailSender({ ...config, from: 'Desk <desk@blog.example>' }, 'Field Notes', owner),
    ).toEqual({ name: 'Ada', address: 'ada@blog.example' });
    expect(mailSender(config, 'Field Notes', { senderName: 'Ada', senderAddress: '' })).toEqual({
      name: 'Ada',
      address: 'no-reply@blog.example',
    });
  });

  it('takes an empty address or a real one, nothing else', () => {
    expect(mailSettingsSchema.safeParse({ senderAddress: ' ' }).success).toBe(true);
    expect(mailSettingsSchema.safeParse({ senderAddress: 'not an address' }).success).toBe(false);
  });
});

describe('the mail server set in the admin', () => {
  it('is none until a host is set, and then carries what the owner set', () => {
    expect(mailServerOf(none)).toBeUndefined();
    const settings = mailSettingsSchema.parse({
      serverHost: 'smtp.example.net',
      serverUser: 'ada',
      serverPassword: 'p',
    });
    expect(mailServerOf(settings)).toEqual({
      host: 'smtp.example.net',
      port: 587,
      security: 'starttls',
      user: 'ada',
      password: 'p',
    });
  });

  it('takes a host name or an address, not a URL, and a port from 1 to 65535', () => {
    for (const host of ['smtp.example.net', 'localhost', '127.0.0.1', 'mail-1.example.org']) {
      expect(mailSettingsSchema.safeParse({ serverHost: host }).success, host).toBe(true);
    }
    for (const host of ['smtp://smtp.example.net', 'smtp.example.net:587', 'a b', 'x/y']) {
      expect(mailSettingsSchema.safeParse({ serverHost: host }).success, host).toBe(false);
    }
    expect(mailSettingsSchema.safeParse({ serverPort: 0 }).success).toBe(false);
    expect(mailSettingsSchema.safeParse({ serverPort: 65536 }).success).toBe(false);
    expect(mailSettingsSchema.safeParse({ serverSecurity: 'ssl' }).success).toBe(false);
  });
});
