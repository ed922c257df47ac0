import { createHmac } from 'node:crypto';
import type { FormValues } from '../field-values.ts';

/**
 * How long a submission without the island's id (a browser without JavaScript) counts as a
 * repeat of an identical one from the same address and browser: long enough for a double
 * click or a reload after a timeout, short enough that two people answering alike are two.
 */
export const noScriptRepeatWindowMs = 5 * 60_000;

/** The island's random id of one filling-in of a form (`qforms[submission_id]`). */
const submissionIdPattern = /^[\w-]{16,64}$/;

export type SubmissionIdentity = {
  formId: number;
  /** Sent by the island, the same for every attempt at one filled-in form. */
  submissionId: string | undefined;
  token: string | undefined;
  client: string;
  userAgent: string;
  values: FormValues;
  now: number;
};

/**
 * The key an entry is stored under, unique in `form_entries`: two submissions with the same
 * key are one browser sending one filled-in form again (a double click, a retry after a
 * timeout), stored and mailed once. The page and its token are cached for every visitor, so
 * they tell no one apart: with JavaScript the key is the island's submission id and the
 * values; without it, the address, browser, token and values within a short window
 * (decision 0019). Keyed with the site secret, so the stored key gives no address away.
 */
export function submissionFingerprint(secret: string, identity: SubmissionIdentity): string {
  const { formId, submissionId, values } = identity;
  const parts =
    submissionId !== undefined && submissionIdPattern.test(submissionId)
      ? ['island', formId, submissionId, values]
      : [
          'post',
          formId,
          identity.token ?? '',
          identity.client,
          identity.userAgent,
          values,
          Math.floor(identity.now / noScriptRepeatWindowMs),
        ];
  return createHmac('sha256', secret).update(JSON.stringify(parts)).digest('base64url');
}
