import { fill } from '../../../platform/fill-message.ts';
import { isInputField } from '../field-kinds.ts';
import { errorKey, type FieldErrors } from '../field-rules.ts';
import { asPart, asText, type FormValues, initialValue } from '../field-values.ts';
import type { FormDefinition } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import { moreMessages } from '../more-messages.ts';
import { isAllowedEmail } from '../rules/email.ts';
import type { ReceivedFile } from './files-receive.ts';

/** Seconds as the browser sends them (`start_timestamp`, `end_timestamp`). */
export const seconds = (value: string | undefined) =>
  value !== undefined && /^\d{1,12}$/.test(value) ? Number(value) : undefined;

/**
 * Whole seconds of grace for the signed fill time: both ends are rounded down to seconds, and
 * the island's start token is signed a little after the page showed the form.
 */
const signedFillGraceSeconds = 1;

/**
 * Why a submission looks like a machine's: it filled the honeypot, or it came faster than
 * the form's minimum fill time. The browser's timestamps are checked when it sends them, but
 * never believed alone: the fill time is also bounded by what the server signed, the start
 * token the island kept from the visitor's first interaction or else the token sent, so a
 * sender cannot claim more time than it has held a token (decision 0019).
 */
export function spamReason(
  definition: FormDefinition,
  timestamps: { start: string | undefined; end: string | undefined },
  honeypot: string,
  signedFillSeconds: number,
): string | undefined {
  const { antispam } = definition.settings;
  if (antispam.honeypot && honeypot.trim() !== '') return 'honeypot';
  if (signedFillSeconds + signedFillGraceSeconds < antispam.minimumSeconds) return 'too-fast';
  const sentStart = timestamps.start !== undefined && timestamps.start !== '';
  const sentEnd = timestamps.end !== undefined && timestamps.end !== '';
  if (sentStart || sentEnd) {
    const start = seconds(timestamps.start);
    const end = seconds(timestamps.end);
    if (!start || !end || end < start) return 'bad-timestamps';
    if (end - start < antispam.minimumSeconds) return 'too-fast';
  }
  return undefined;
}

/** A read-only field keeps the value it was shown with, whatever is sent. */
export function applyReadOnly(definition: FormDefinition, values: FormValues): FormValues {
  const result = { ...values };
  for (const field of definition.fields) {
    if (field.readOnly && isInputField(field)) result[field.id] = initialValue(field);
    if (field.type === 'hidden') result[field.id] = field.defaultValue;
  }
  return result;
}

/** The files received for each file field, in the order sent. */
export function filesByField(files: readonly ReceivedFile[]): Record<number, ReceivedFile[]> {
  const byField: Record<number, ReceivedFile[]> = {};
  for (const file of files) {
    if (file.fieldId > 0) byField[file.fieldId] = [...(byField[file.fieldId] ?? []), file];
  }
  return byField;
}

/** A file whose content is not what its name says is refused by name (not only by extension). */
export function fileContentErrors(
  definition: FormDefinition,
  files: Record<number, ReceivedFile[]>,
  visible: ReadonlySet<number>,
  errors: FieldErrors,
) {
  for (const field of definition.fields) {
    if (!visible.has(field.id) || errors[errorKey(field.id)]) continue;
    const disguised = files[field.id]?.find((file) => !file.contentMatches);
    if (disguised)
      errors[errorKey(field.id)] = fill(moreMessages.fileContent, { name: disguised.name });
  }
}

/** An address a form's allow or deny list refuses is an error of its field. */
export function restrictedEmailErrors(
  definition: FormDefinition,
  values: FormValues,
  visible: ReadonlySet<number>,
  errors: FieldErrors,
) {
  for (const field of definition.fields) {
    if (field.type !== 'email' || !visible.has(field.id) || errors[errorKey(field.id)]) continue;
    const value = (
      field.confirmation ? asPart(values[field.id], 'primary') : asText(values[field.id])
    ).trim();
    if (value !== '' && !isAllowedEmail(value, field.allowList, field.denyList)) {
      errors[errorKey(field.id)] = formMessages.restrictedEmail;
    }
  }
}

/** The page a form was sent from, as a same-site path (what entries keep). */
export function pagePath(pageUrl: string | undefined): string {
  if (!pageUrl || pageUrl.length > 2000) return '';
  return /^\/(?!\/)[^\s\\]*$/.test(pageUrl) ? pageUrl : '';
}
