import { describe, expect, it } from 'vitest';
import { confirmationMail, newPostMail } from './subscriber-mails.ts';

const context = {
  email: 'reader@example.org',
  feedTitle: 'Gardens on Test Blog',
  siteTitle: 'Test Blog',
  siteUrl: 'https://blog.example.org',
  unsubscribeUrl: 'https://blog.example.org/subscription/unsubscribe?t=1.abc',
};

describe('subscriber mails', () => {
  it('carry the one-click unsubscribe headers and the link in the body', () => {
    const confirm = confirmationMail(
      context,
      'https://blog.example.org/subscription/confirm?t=1.2.x',
    );
    const post = newPostMail(context, {
      title: 'Spring',
      excerpt: 'Plant now.',
      url: 'https://blog.example.org/spring/',
    });
    for (const mail of [confirm, post]) {
      expect(mail.to).toBe('reader@example.org');
      expect(mail.headers).toEqual({
        'List-Unsubscribe': `<${context.unsubscribeUrl}>`,
        'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
      });
      expect(mail.text).toContain(`Unsubscribe: ${context.unsubscribeUrl}`);
    }
    expect(confirm.subject).toBe('Confirm your subscription to Gardens on Test Blog');
    expect(confirm.text).toContain('https://blog.example.org/subscription/confirm?t=1.2.x');
    expect(post.subject).toBe('Spring');
    expect(post.text).toContain('Read the post: https://blog.example.org/spring/');
  });

  it('escapes what the site owner wrote in the HTML version', () => {
    const mail = newPostMail(context, {
      title: 'Fish & <chips>',
      excerpt: '"Quoted"',
      url: 'https://blog.example.org/fish/',
    });
    expect(mail.html).toContain('Fish &amp; &lt;chips&gt;');
    expect(mail.html).toContain('&quot;Quoted&quot;');
    expect(mail.html).not.toContain('<chips>');
    expect(mail.html).toContain(`href="${context.unsubscribeUrl}"`);
  });
});
