import type { FormDefinition } from '../form-definition.ts';
import { fill } from '../messages.ts';
import { isValidEmail } from '../rules/email.ts';

export type EntryField = { id: number; type: string; label: string; value: string };

export type EntryMail = {
  to: string[];
  subject: string;
  text: string;
  replyTo?: string;
};

const fieldLines = (fields: readonly EntryField[]) =>
  fields
    .filter((f) => f.type !== 'hidden' || f.value !== '')
    .map((f) => `${f.label || `Field ${f.id}`}\n${f.value === '' ? '(empty)' : f.value}`)
    .join('\n\n');

/**
 * The mails one entry causes: one to the site owner (to the form's own recipients or, when it
 * names none, to every administrator), with Reply-To set to the visitor's address, and a copy
 * to the visitor when the form asks for it.
 */
export function entryMails(
  definition: FormDefinition,
  fields: readonly EntryField[],
  context: { siteTitle: string; siteUrl: string; pageUrl: string; administrators: string[] },
): EntryMail[] {
  const { notifications } = definition.settings;
  const mails: EntryMail[] = [];
  const visitorField = notifications.visitorEmailField;
  const firstEmail = fields.find((f) => f.type === 'email' && isValidEmail(f.value))?.value;
  const visitorEmail =
    visitorField === undefined ? undefined : fields.find((f) => f.id === visitorField)?.value;
  const owners = notifications.ownerTo.length > 0 ? notifications.ownerTo : context.administrators;
  if (notifications.owner && owners.length > 0) {
    const page = context.pageUrl ? `${context.siteUrl}${context.pageUrl}` : context.siteUrl;
    mails.push({
      to: owners,
      subject: fill(notifications.ownerSubject, { form: definition.title }),
      text: `${fieldLines(fields)}\n\n--\nSent from ${page} through the form "${definition.title}" on ${context.siteTitle}.\n`,
      ...(firstEmail ? { replyTo: firstEmail } : {}),
    });
  }
  if (visitorEmail && isValidEmail(visitorEmail)) {
    mails.push({
      to: [visitorEmail],
      subject: fill(notifications.visitorSubject, { form: definition.title }),
      text: `${notifications.visitorMessage}\n\n${fieldLines(fields)}\n\n--\n${context.siteTitle}\n${context.siteUrl}\n`,
    });
  }
  return mails;
}
