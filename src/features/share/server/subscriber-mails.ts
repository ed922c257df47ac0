import { escapeHtml } from '../../../platform/html-escape.ts';
import type { MailMessage } from '../../../platform/mail/mail-message.ts';
import { serverShareMessages } from '../messages.ts';

/** What every mail to a subscriber knows about them and the site. */
export type MailContext = {
  email: string;
  feedTitle: string;
  siteTitle: string;
  siteUrl: string;
  unsubscribeUrl: string;
};

export type AnnouncedPost = { title: string; excerpt: string; url: string };

/**
 * The headers that let mail programs show their own unsubscribe button: a one-click POST to
 * the signed link (RFC 2369 and RFC 8058).
 */
export function unsubscribeHeaders(unsubscribeUrl: string): Record<string, string> {
  return {
    'List-Unsubscribe': `<${unsubscribeUrl}>`,
    'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
  };
}

function textFooter(context: MailContext): string {
  return `\n--\n${context.siteTitle}\n${context.siteUrl}\n\n${serverShareMessages.mailFooter(context.email, context.feedTitle)}\n${serverShareMessages.unsubscribeLinkLabel}: ${context.unsubscribeUrl}\n`;
}

function htmlFooter(context: MailContext): string {
  return `<hr><p style="color:#666;font-size:13px">${escapeHtml(serverShareMessages.mailFooter(context.email, context.feedTitle))}<br><a href="${escapeHtml(context.unsubscribeUrl)}">${escapeHtml(serverShareMessages.unsubscribeLinkLabel)}</a></p>`;
}

/** The double opt-in mail: the signed confirmation link, and a way out like every mail. */
export function confirmationMail(context: MailContext, confirmUrl: string): MailMessage {
  return {
    to: context.email,
    subject: serverShareMessages.confirmationMailSubject(context.feedTitle),
    text: `${serverShareMessages.confirmationMailText({ email: context.email, feedTitle: context.feedTitle, confirmUrl })}${textFooter(context)}`,
    headers: unsubscribeHeaders(context.unsubscribeUrl),
  };
}

/** One subscriber's mail about a new post. */
export function newPostMail(context: MailContext, post: AnnouncedPost): MailMessage {
  const intro = serverShareMessages.newPostIntro(context.feedTitle);
  return {
    to: context.email,
    subject: post.title,
    text: `${intro}\n\n${post.title}\n\n${post.excerpt}\n\n${serverShareMessages.readPost}: ${post.url}\n${textFooter(context)}`,
    html: `<!doctype html><html><body style="font-family:Georgia,serif;line-height:1.5;max-width:36em"><p>${escapeHtml(intro)}</p><h1 style="font-size:22px"><a href="${escapeHtml(post.url)}">${escapeHtml(post.title)}</a></h1><p>${escapeHtml(post.excerpt)}</p><p><a href="${escapeHtml(post.url)}">${escapeHtml(serverShareMessages.readPost)}</a></p>${htmlFooter(context)}</body></html>`,
    headers: unsubscribeHeaders(context.unsubscribeUrl),
  };
}
