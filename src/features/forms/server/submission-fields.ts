import { fill } from '../../../platform/fill-message.ts';
import { peekRateLimit, type RateLimit } from '../../../platform/rate-limit.ts';
import { fileFieldTypes, isInputField } from '../field-kinds.ts';
import type { RuleContext } from '../field-rules.ts';
import { asPart, type FormValues } from '../field-values.ts';
import type { FormDefinition } from '../form-definition.ts';
import { moreMessages } from '../more-messages.ts';
import { fileLine } from './files-entries.ts';
import type { ReceivedFile } from './files-receive.ts';
import type { FormsDependencies } from './forms-dependencies.ts';
import type { EntryField } from './notifications.ts';
import { hashPassword } from './password-hash.ts';
import { passwordOf, storedValue } from './stored-values.ts';
import type { PreparedOrder } from './submission-order.ts';
import { orderFieldValue } from './submission-order.ts';

/** What the entry step needs of a checked, priced submission. */
type ToStore = {
  form: { id: number; definition: FormDefinition };
  values: FormValues;
  visible: ReadonlySet<number>;
  files: Record<number, ReceivedFile[]>;
  ruleContext: RuleContext;
  spam: string | undefined;
  order: PreparedOrder | undefined;
  now: number;
};

/**
 * The hashes of the passwords a submission carries, by field id: worked out off the event
 * loop (password-hash.ts), and only for what will be stored as an entry: spam keeps no password,
 * and a sender already over the rate limit is refused before any hash is made, so a flood of
 * posts costs a lookup each rather than a hash each.
 */
export async function hashPasswords(
  deps: Pick<FormsDependencies, 'db' | 'secret'>,
  submission: ToStore,
  rateLimit: { rule: RateLimit; client: string },
): Promise<Map<number, string> | 'rate-limited'> {
  const hashes = new Map<number, string>();
  const passwords = submission.form.definition.fields.flatMap((field) =>
    field.type === 'password' && submission.visible.has(field.id)
      ? [{ id: field.id, password: passwordOf(field, submission.values[field.id]) }]
      : [],
  );
  const given = passwords.filter(({ password }) => password !== '');
  if (given.length === 0) return hashes;
  if (submission.spam) {
    for (const { id } of given) hashes.set(id, '');
    return hashes;
  }
  const limit = await peekRateLimit(
    deps.db,
    deps.secret,
    rateLimit.rule,
    rateLimit.client,
    submission.now,
  );
  if (!limit.allowed) return 'rate-limited';
  for (const { id, password } of given) hashes.set(id, await hashPassword(password));
  return hashes;
}

/**
 * What an entry keeps of a file field: each file's name, size and download address (the
 * signature's typed name when it was typed); for spam, whose files are not kept, the names.
 */
function fileFieldValue(
  field: FormDefinition['fields'][number],
  input: FormValues[number] | undefined,
  files: readonly ReceivedFile[],
  siteUrl: string,
  kept: boolean,
): string {
  const typed = field.type === 'signature' ? asPart(input, 'typed').trim() : '';
  const lines = files.map((file) =>
    kept && file.stored
      ? fileLine(file, siteUrl)
      : `${file.name} (${moreMessages.fileSpamNotKept})`,
  );
  if (typed !== '' && files.length === 0) return fill(moreMessages.signedAs, { name: typed });
  return lines.join('\n');
}

/**
 * The answers an entry keeps, in the form's order: each shown input field's stored value; an
 * order's fields as what was bought; the card field only where a card was taken.
 */
export function entryFields(
  deps: Pick<FormsDependencies, 'siteUrl'>,
  submission: ToStore,
  passwordHashes: ReadonlyMap<number, string>,
): EntryField[] {
  const { form, values, visible, files, order, spam } = submission;
  return form.definition.fields
    .filter((field) => isInputField(field) && visible.has(field.id))
    .filter((field) => field.type !== 'payment-credit-card' || order?.card !== undefined)
    .map((field) => ({
      id: field.id,
      type: field.type,
      label: field.label,
      value: fileFieldTypes.includes(field.type)
        ? fileFieldValue(field, values[field.id], files[field.id] ?? [], deps.siteUrl, !spam)
        : order && field.type.startsWith('payment-')
          ? orderFieldValue(field, values[field.id], order.currency)
          : storedValue(field, values[field.id], submission.ruleContext, passwordHashes),
    }));
}
