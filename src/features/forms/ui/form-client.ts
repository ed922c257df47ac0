import type { CouponTerms } from '../../payments/order-pricing.ts';

/** The browser side of the form calls (seed §7 calls 3–5) and the scrolling they need. */

export const ajaxUrl = '/ajax';

export type AjaxAnswer = { success: boolean; data: unknown };

/** Posts fields to `/ajax`; throws on a network failure or an answer that is not JSON. */
export async function postAjax(body: FormData | URLSearchParams): Promise<AjaxAnswer> {
  const response = await fetch(ajaxUrl, {
    method: 'POST',
    body,
    credentials: 'same-origin',
    headers: { accept: 'application/json' },
  });
  const answer = (await response.json()) as AjaxAnswer;
  if (typeof answer !== 'object' || answer === null || !('success' in answer)) {
    throw new Error(`Unexpected answer from ${ajaxUrl} (${response.status})`);
  }
  return answer;
}

/** Sends a filled-in form (`qforms_submit`, seed §3). */
export function submitEntry(body: FormData): Promise<AjaxAnswer> {
  body.set('action', 'qforms_submit');
  return postAjax(body);
}

/** Whether the address is allowed, cached per form and address (seed §5). */
const restrictedChecks = new Map<string, Promise<boolean>>();

export function checkRestrictedEmail(
  formId: number,
  fieldId: number,
  email: string,
): Promise<boolean> {
  const key = `${formId}:${fieldId}:${email.toLowerCase()}`;
  let check = restrictedChecks.get(key);
  if (!check) {
    check = postAjax(
      new URLSearchParams({
        action: 'qforms_restricted_email',
        form_id: String(formId),
        field_id: String(fieldId),
        email,
      }),
    ).then((answer) => !(answer.success && answer.data === false));
    // A failed check is not cached, and does not block the visitor: the server checks again.
    check.catch(() => restrictedChecks.delete(key));
    restrictedChecks.set(key, check);
  }
  return check;
}

export type CouponReply = { ok: true; terms: CouponTerms } | { ok: false; message: string };

/** Asks whether a coupon code takes money off this form's order (`qforms_check_coupon`). */
export async function checkCouponCode(formId: number, code: string): Promise<CouponReply> {
  const answer = await postAjax(
    new URLSearchParams({ action: 'qforms_check_coupon', form_id: String(formId), code }),
  );
  const data = answer.data as Partial<CouponTerms & { message: string }> | null;
  if (
    answer.success &&
    typeof data?.code === 'string' &&
    (data.kind === 'percent' || data.kind === 'fixed') &&
    typeof data.amount === 'number'
  ) {
    return { ok: true, terms: { code: data.code, kind: data.kind, amount: data.amount } };
  }
  if (!answer.success && typeof data?.message === 'string')
    return { ok: false, message: data.message };
  throw new Error('Unexpected answer to the coupon check');
}

export async function fetchToken(formId: number): Promise<{ token: string; time: number }> {
  const answer = await postAjax(
    new URLSearchParams({ action: 'qforms_get_token', formId: String(formId) }),
  );
  const data = answer.data as { token?: unknown; time?: unknown } | null;
  if (!answer.success || typeof data?.token !== 'string') {
    throw new Error('The server did not return a token');
  }
  return {
    token: data.token,
    time: typeof data.time === 'number' ? data.time : Math.floor(Date.now() / 1000),
  };
}

export const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * Scrolls so the element sits `offset` px below the top of the window, animated over
 * `duration` ms (seed §9: 75 px over 750 ms for field errors, 100 px for general errors).
 */
export function scrollToElement(element: Element, offset: number, duration = 750): void {
  const target = Math.max(0, element.getBoundingClientRect().top + window.scrollY - offset);
  const start = window.scrollY;
  const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
  if (reduce || duration <= 0 || Math.abs(target - start) < 2) {
    window.scrollTo(0, target);
    return;
  }
  const began = performance.now();
  const step = (time: number) => {
    const progress = Math.min(1, (time - began) / duration);
    // Ease in and out ("swing"), as the specification's scroll animation does.
    const eased = 0.5 - Math.cos(progress * Math.PI) / 2;
    window.scrollTo(0, start + (target - start) * eased);
    if (progress < 1) requestAnimationFrame(step);
  };
  requestAnimationFrame(step);
}

/**
 * A random id for one filling-in of a form, sent with every attempt to send it so the server
 * stores it once. `getRandomValues` works on plain http too, where `randomUUID` does not.
 */
export function newSubmissionId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}
