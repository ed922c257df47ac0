import { type KeyboardEvent, useMemo, useRef, useState } from 'react';
import { defaultCurrency, formatNumber, parseAmount } from '../../payments/currency.ts';
import { visibleFieldIds } from '../conditions.ts';
import {
  checkField,
  errorKey,
  type FieldErrors,
  fieldIdOfErrorKey,
  type RuleContext,
} from '../field-rules.ts';
import {
  asPart,
  asText,
  type FieldInput,
  type FormValues,
  initialValues,
} from '../field-values.ts';
import type { FormField } from '../form-definition.ts';
import type { FormPage } from '../form-pages.ts';
import { formMessages } from '../messages.ts';
import type { FormPostState, PublicForm } from '../public-form.ts';
import { isValidEmail } from '../rules/email.ts';
import { suggestEmail } from '../rules/email-suggestion.ts';
import { isNumberKey } from '../rules/number.ts';
import { withHttps } from '../rules/url.ts';
import { checkRestrictedEmail } from './form-client.ts';
import { errorsAfterCheck, firstErrorPage, withoutField } from './shown-errors.ts';
import { useAfterPress } from './use-after-press.ts';
import type { RemoteCheck } from './use-payment.ts';

/** Seed §9: the key-up debounce and the wait for remote checks on Next. */
const keyUpDebounceMs = 1000;
const remoteCheckWaitMs = 800;

function emailValue(field: FormField, input: FieldInput | undefined) {
  return (
    'confirmation' in field && field.confirmation ? asPart(input, 'primary') : asText(input)
  ).trim();
}

/** Fields whose every change is checked at once: choices, not typing. */
const checkedOnChange: readonly string[] = [
  'checkbox',
  'radio',
  'select',
  'payment-multiple',
  'payment-checkbox',
  'payment-select',
  'rating',
  'net-promoter-score',
  'likert-scale',
  'file-upload',
  'camera',
];

/** A number input takes no other key (shortcuts excepted). */
export const onNumberKey = (event: KeyboardEvent<HTMLInputElement>) => {
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  if (!isNumberKey(event.key)) event.preventDefault();
};

/**
 * The form's values and the errors it shows: checks as the visitor types (after a pause),
 * leaves a field or picks a choice, checks of whole pages on Next and Submit, the server's
 * check of restricted e-mail addresses, and e-mail suggestions. `afterPress` holds back
 * what would move a button being pressed.
 */
export function useFieldChecks(
  form: PublicForm,
  pages: readonly FormPage[],
  posted: FormPostState | undefined,
  idPrefix: string,
  remoteCheck?: RemoteCheck,
  ruleContext?: (values: FormValues) => RuleContext,
) {
  const { definition } = form;
  const currency = form.payment?.currency ?? defaultCurrency;
  const remoteCheckRef = useRef(remoteCheck);
  remoteCheckRef.current = remoteCheck;
  const ruleContextRef = useRef(ruleContext);
  ruleContextRef.current = ruleContext;
  const afterPress = useAfterPress();
  const [values, setValues] = useState<FormValues>(() => ({
    ...initialValues(definition),
    ...posted?.values,
  }));
  const [errors, setErrorsState] = useState<FieldErrors>(posted?.fieldErrors ?? {});
  const [suggestions, setSuggestions] = useState<Record<number, string>>({});
  const valuesRef = useRef(values);
  const errorsRef = useRef(errors);
  const pendingChecks = useRef(new Set<Promise<void>>());
  const keyUpTimers = useRef(new Map<number, ReturnType<typeof setTimeout>>());
  /** Error keys of the inputs the visitor has typed in or left. */
  const touched = useRef(new Set<string>());

  const visible = useMemo(() => visibleFieldIds(definition, values), [definition, values]);

  const visibleNow = () => visibleFieldIds(definition, valuesRef.current);

  const setErrors = (update: (current: FieldErrors) => FieldErrors) => {
    errorsRef.current = update(errorsRef.current);
    setErrorsState(errorsRef.current);
  };

  /**
   * Checks one field now and, for a restricted e-mail field, asks the server too. While the
   * visitor works through a field, only the inputs they have typed in or left show errors
   * (leaving the first e-mail box must not flag the confirmation box not reached yet); Next
   * and Submit check every input.
   */
  const validateField = (
    field: FormField,
    input = valuesRef.current[field.id],
    scope: 'touched' | 'all' = 'touched',
  ) => {
    const fresh: FieldErrors = {};
    checkField(field, input, fresh, { currency, ...ruleContextRef.current?.(valuesRef.current) });
    if (scope === 'all') for (const key of Object.keys(fresh)) touched.current.add(key);
    setErrors((current) => errorsAfterCheck(current, field.id, fresh, touched.current));
    if (fresh[errorKey(field.id)]) return;
    const remote = remoteCheckRef.current?.(field, input);
    if (remote) {
      const check = remote
        .then((message) => {
          if (!message || valuesRef.current[field.id] !== input) return;
          afterPress(`remote:${field.id}`, () =>
            setErrors((current) => ({ ...current, [errorKey(field.id)]: message })),
          );
        })
        .catch((error: unknown) => console.error(error))
        .finally(() => pendingChecks.current.delete(check));
      pendingChecks.current.add(check);
    }
    // As soon as the address itself is valid: its confirmation box may still be empty.
    if (!form.restrictedFieldIds.includes(field.id)) return;
    const email = emailValue(field, input);
    if (email === '' || !isValidEmail(email)) return;
    const check = checkRestrictedEmail(form.id, field.id, email)
      .then((allowed) => {
        if (allowed || emailValue(field, valuesRef.current[field.id]) !== email) return;
        afterPress(`restricted:${field.id}`, () =>
          setErrors((current) => ({ ...current, [field.id]: formMessages.restrictedEmail })),
        );
      })
      .catch((error: unknown) => console.error(error))
      .finally(() => pendingChecks.current.delete(check));
    pendingChecks.current.add(check);
  };

  const waitForRemoteChecks = async () => {
    if (pendingChecks.current.size === 0) return;
    await Promise.race([
      Promise.all(pendingChecks.current),
      new Promise((resolve) => setTimeout(resolve, remoteCheckWaitMs)),
    ]);
  };

  const onChange = (field: FormField, input: FieldInput, part?: string) => {
    touched.current.add(errorKey(field.id, part));
    valuesRef.current = { ...valuesRef.current, [field.id]: input };
    setValues(valuesRef.current);
    if (field.type === 'email') setSuggestions(({ [field.id]: _, ...rest }) => rest);
    const timers = keyUpTimers.current;
    clearTimeout(timers.get(field.id));
    if (checkedOnChange.includes(field.type)) {
      validateField(field, input);
    } else if (field.type !== 'payment-coupon') {
      // A coupon is checked with the server on leaving the field and on Apply, not per pause.
      timers.set(
        field.id,
        setTimeout(
          () => afterPress(`check:${field.id}`, () => validateField(field)),
          keyUpDebounceMs,
        ),
      );
    }
  };

  /** Leaving a field: completes a URL, checks the field, offers an e-mail suggestion. */
  const leaveField = (field: FormField, part?: string) => {
    touched.current.add(errorKey(field.id, part));
    let input = valuesRef.current[field.id];
    if (field.type === 'url' && typeof input === 'string' && input.trim() !== '') {
      input = withHttps(input.trim());
      if (input !== valuesRef.current[field.id]) onChange(field, input);
    }
    // Seed §5: a price the visitor names is written in the currency's format on blur.
    if (
      field.type === 'payment-single' &&
      field.priceType === 'user' &&
      typeof input === 'string'
    ) {
      const amount = parseAmount(input, currency);
      if (amount !== undefined) {
        input = formatNumber(amount, currency);
        if (input !== valuesRef.current[field.id]) onChange(field, input);
      }
    }
    validateField(field, input);
    if (field.type === 'email' && definition.settings.emailSuggestions) {
      const suggestion = suggestEmail(emailValue(field, input));
      setSuggestions((current) => {
        const { [field.id]: _, ...rest } = current;
        return suggestion ? { ...rest, [field.id]: suggestion } : rest;
      });
    }
  };

  const onBlur = (field: FormField, part?: string) => {
    clearTimeout(keyUpTimers.current.get(field.id));
    afterPress(`leave:${errorKey(field.id, part)}`, () => leaveField(field, part));
  };

  const onAcceptSuggestion = (field: FormField, suggestion: string) => {
    const input = valuesRef.current[field.id];
    onChange(
      field,
      typeof input === 'object' && !Array.isArray(input)
        ? { ...input, primary: suggestion }
        : suggestion,
    );
    validateField(field, valuesRef.current[field.id]);
    document.getElementById(`${idPrefix}-field_${field.id}`)?.focus();
  };

  /** Checks the given pages' shown fields; true when they are fine. */
  const checkPages = async (numbers: number[]) => {
    const shown = visibleNow();
    for (const p of numbers) {
      for (const field of pages[p - 1]?.fields ?? []) {
        if (shown.has(field.id)) validateField(field, valuesRef.current[field.id], 'all');
        else setErrors((current) => withoutField(current, field.id));
      }
    }
    await waitForRemoteChecks();
    const onPages = new Set(numbers.flatMap((p) => pages[p - 1]?.fields.map((f) => f.id) ?? []));
    return !Object.keys(errorsRef.current).some((key) => onPages.has(fieldIdOfErrorKey(key)));
  };

  return {
    values,
    visible,
    /** The fields shown by the values as of now, ahead of the render that shows them. */
    visibleNow,
    errors,
    suggestions,
    onChange,
    onBlur,
    onAcceptSuggestion,
    /** Checks a field now, with the server where it needs one (a coupon's Apply). */
    checkNow: (field: FormField) => validateField(field, valuesRef.current[field.id], 'all'),
    checkPages,
    firstErrorPage: () => firstErrorPage(pages, errorsRef.current),
    /** Shows the errors the server reported instead. */
    showServerErrors: (fieldErrors: FieldErrors) => setErrors(() => fieldErrors),
  };
}
