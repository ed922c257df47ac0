import { isSafeRedirectTarget } from '../../platform/redirect-target.ts';
import type { FormDefinitionInput } from '../forms/form-definition.ts';
import { wpformsMessages as m } from './messages.ts';
import { clip, int, listed, raw, str, truthy } from './wpforms-read.ts';

type Settings = NonNullable<FormDefinitionInput['settings']>;
type Notifications = NonNullable<Settings['notifications']>;
type Confirmation = NonNullable<Settings['confirmation']>;

export type MailContext = {
  note: (text: string) => void;
  /** The Quire id of a WPForms field id, when the field was imported. */
  quireId: (wpformsId: number) => number | undefined;
  /** The Quire ids of the form's e-mail fields. */
  emailFields: ReadonlySet<number>;
};

/** WPForms smart tags with a Quire placeholder; which placeholders a text takes depends on where it is. */
const tagEquivalents: Record<string, string> = { '{form_name}': '{form}', '{site_name}': '{site}' };

/**
 * Turns WPForms' smart tags into Quire's placeholders where `allowed` has them; any other tag is
 * kept as written and listed in a note naming `where`.
 */
function convertTags(
  text: string,
  allowed: readonly string[],
  where: string,
  context: MailContext,
) {
  const kept = new Set<string>();
  const converted = text.replace(/\{[a-z_]+(?:=(?:"[^"]*"|'[^']*'|[^}]*))?\}/gi, (tag) => {
    const equivalent = tagEquivalents[tag];
    if (equivalent !== undefined && allowed.includes(equivalent)) return equivalent;
    kept.add(tag);
    return tag;
  });
  if (kept.size > 0) context.note(m.smartTagsKept(where, [...kept].join(', ')));
  return converted;
}

const fieldTag = /^\{field_id=["']?(\d+)["']?\}$/;
const plainEmail = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

type Recipients = { admin: boolean; addresses: string[]; visitorField?: number };

function recipientsOf(value: unknown, context: MailContext): Recipients {
  const found: Recipients = { admin: false, addresses: [] };
  for (const part of str(value).split(/[,;]/)) {
    const item = part.trim();
    if (item === '') continue;
    const tag = fieldTag.exec(item);
    const quireId = tag ? context.quireId(Number(tag[1])) : undefined;
    if (item === '{admin_email}') found.admin = true;
    else if (quireId !== undefined && context.emailFields.has(quireId)) {
      found.visitorField ??= quireId;
    } else if (plainEmail.test(item)) found.addresses.push(item);
    else context.note(m.notificationRecipientDropped(item));
  }
  return found;
}

/** Whether a notification body is only WPForms' list of answers, which Quire's owner mail always is. */
const onlyAllFields = (message: string) => message.replace(/\{all_fields\}/g, '').trim() === '';

/**
 * WPForms' notifications → Quire's: one mail to the owner (the recipients of every owner
 * notification together, the first one's subject) and one copy to the visitor (the first
 * notification sent only to an e-mail field of the form).
 */
export function mapNotifications(
  settings: Record<string, unknown>,
  context: MailContext,
): Notifications {
  const items = listed(settings.notifications).map(([, item]) => raw(item));
  const enabled =
    settings.notification_enable === undefined
      ? items.length > 0
      : truthy(settings.notification_enable);
  if (!enabled) {
    context.note(m.notificationsOff);
    return { owner: false };
  }
  const notifications: Notifications = { owner: false, ownerTo: [] };
  let ownerSeen = false;
  let admin = false;
  const addresses = new Set<string>();
  for (const item of items) {
    const name = str(item.notification_name) || str(item.subject) || '—';
    const recipients = recipientsOf(item.email, context);
    const toVisitorOnly =
      recipients.visitorField !== undefined &&
      !recipients.admin &&
      recipients.addresses.length === 0;
    if (truthy(item.conditional_logic)) context.note(m.notificationConditional(name));
    if (toVisitorOnly) {
      if (notifications.visitorEmailField !== undefined) {
        context.note(m.visitorCopyExtra(name));
        continue;
      }
      notifications.visitorEmailField = recipients.visitorField;
      const subject = str(item.subject).trim();
      if (subject !== '') {
        notifications.visitorSubject = clip(
          convertTags(subject, ['{form}', '{site}'], name, context),
          200,
        );
      }
      const message = str(item.message)
        .replace(/\{all_fields\}/g, '')
        .trim();
      if (message !== '') {
        notifications.visitorMessage = clip(convertTags(message, ['{site}'], name, context), 5000);
      }
      continue;
    }
    if (ownerSeen) context.note(m.notificationMerged(name));
    else {
      const subject = str(item.subject).trim();
      if (subject !== '') {
        notifications.ownerSubject = clip(
          convertTags(subject, ['{form}', '{site}'], name, context),
          200,
        );
      }
    }
    ownerSeen = true;
    admin ||=
      recipients.admin ||
      (recipients.addresses.length === 0 && recipients.visitorField === undefined);
    for (const address of recipients.addresses) addresses.add(address);
    if (!onlyAllFields(str(item.message))) context.note(m.notificationMessage(name));
    if (str(item.carboncopy).trim() !== '') context.note(m.notificationSender(name));
  }
  notifications.owner = ownerSeen;
  notifications.ownerTo = [...addresses].slice(0, 20);
  if (admin && addresses.size > 0) context.note(m.notificationAdminPlusOthers);
  return notifications;
}

/** WPForms' default confirmation (the first) → Quire's one confirmation; the others are listed. */
export function mapConfirmation(
  settings: Record<string, unknown>,
  context: MailContext,
): Confirmation | undefined {
  const items = listed(settings.confirmations).map(([, item]) => raw(item));
  const first = items[0];
  if (first === undefined) return undefined;
  if (items.length > 1) context.note(m.confirmationsExtra(items.length - 1));
  const type = str(first.type) || 'message';
  if (type === 'page') {
    const page = int(first.page);
    if (page !== undefined && page > 0) {
      context.note(m.confirmationPage(page));
      return { type: 'redirect', url: `/?page_id=${page}` };
    }
    return undefined;
  }
  if (type === 'redirect') {
    const url = str(first.redirect).trim();
    if (isSafeRedirectTarget(url)) return { type: 'redirect', url };
    context.note(m.confirmationRedirectUnsafe(url));
    return undefined;
  }
  const message = str(first.message).trim();
  if (message === '') return undefined;
  const name = str(first.name) || '—';
  return { type: 'message', message: clip(convertTags(message, [], name, context), 20000) };
}
