import { describe, expect, it } from 'vitest';
import { mailSender, mailSettingsSchema } from './mail-settings.ts';

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
