import type { FormDefinition } from '../form-definition.ts';
import { fill, formMessages } from '../messages.ts';
import { isValidEmail } from '../rules/email.ts';

export type EntryField = { id: number; type: string; label: string; value: string };

export type EntryMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
};

/** The mails one entry causes; the visitor's copy is sent only within its address's limit. */
export type EntryMails = { owner?: EntryMail; visitorCopy?: EntryMail };

const escapeHtml = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const shownLabel = (field: EntryField) => field.label || fill(formMessages.mailUnnamedField, field);
const shownValue = (field: EntryField) =>
  field.value === '' ? formMessages.mailEmptyValue : field.value;

const fieldLines = (fields: readonly EntryField[]) =>
  fields.map((f) => `${shownLabel(f)}\n${shownValue(f)}`).join('\n\n');

const fieldBlocks = (fields: readonly EntryField[]) =>
  fields
    .map(
      (f) =>
        `<p style="margin:0 0 2px;font-weight:bold">${escapeHtml(shownLabel(f))}</p>` +
        `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(shownValue(f))}</p>`,
    )
    .join('\n');

const htmlPage = (body: string) =>
  `<!doctype html>\n<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#1f2328;max-width:40em">\n${body}\n</body></html>\n`;

const htmlFooter = (lines: string[]) =>
  `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 8px"><p style="color:#666;font-size:13px">${lines.join('<br>')}</p>`;

/**
 * The mails one entry causes, each as text and HTML: one to the site owner (to the form's own
 * recipients or, when it names none, to every administrator), with Reply-To set to the
 * visitor's address, and a copy to the visitor when the form asks for it. The copy leaves out
 * hidden fields: they are the owner's, not something the visitor typed.
 */
export function entryMails(
  definition: FormDefinition,
  fields: readonly EntryField[],
  context: { siteTitle: string; siteUrl: string; pageUrl: string; administrators: string[] },
): EntryMails {
  const { notifications } = definition.settings;
  const mails: EntryMails = {};
  const visitorField = notifications.visitorEmailField;
  const firstEmail = fields.find((f) => f.type === 'email' && isValidEmail(f.value))?.value;
  const visitorEmail =
    visitorField === undefined ? undefined : fields.find((f) => f.id === visitorField)?.value;
  const owners = notifications.ownerTo.length > 0 ? notifications.ownerTo : context.administrators;
  if (notifications.owner && owners.length > 0) {
    const shown = fields.filter((f) => f.type !== 'hidden' || f.value !== '');
    const page = context.pageUrl ? `${context.siteUrl}${context.pageUrl}` : context.siteUrl;
    // Split at the page first, so the HTML can link it and a title cannot move the split.
    const [beforePage = '', afterPage = ''] = formMessages.mailOwnerFooter
      .split('{page}')
      .map((part) => fill(part, { form: definition.title, site: context.siteTitle }));
    mails.owner = {
      to: owners,
      subject: fill(notifications.ownerSubject, { form: definition.title }),
      text: `${fieldLines(shown)}\n\n--\n${beforePage}${page}${afterPage}\n`,
      html: htmlPage(
        `${fieldBlocks(shown)}\n${htmlFooter([
          `${escapeHtml(beforePage)}<a href="${escapeHtml(page)}">${escapeHtml(page)}</a>${escapeHtml(afterPage)}`,
        ])}`,
      ),
      ...(firstEmail ? { replyTo: firstEmail } : {}),
    };
  }
  if (visitorEmail && isValidEmail(visitorEmail)) {
    const typed = fields.filter((f) => f.type !== 'hidden');
    mails.visitorCopy = {
      to: [visitorEmail],
      subject: fill(notifications.visitorSubject, { form: definition.title }),
      text: `${notifications.visitorMessage}\n\n${fieldLines(typed)}\n\n--\n${context.siteTitle}\n${context.siteUrl}\n`,
      html: htmlPage(
        `<p style="margin:0 0 24px">${escapeHtml(notifications.visitorMessage)}</p>\n${fieldBlocks(typed)}\n${htmlFooter(
          [
            escapeHtml(context.siteTitle),
            `<a href="${escapeHtml(context.siteUrl)}">${escapeHtml(context.siteUrl)}</a>`,
          ],
        )}`,
      ),
    };
  }
  return mails;
}
