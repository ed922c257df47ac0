import { fill } from '../../../platform/fill-message.ts';
import type { CouponFormValues } from '../coupon-form.ts';
import { type CurrencyFormat, formatAmount } from '../currency.ts';
import { couponAdminMessages as m } from '../messages.ts';

/** A coupon as the list shows it. */
export type CouponListItem = {
  id: number;
  code: string;
  kind: 'percent' | 'fixed';
  amount: number;
  formId: number | null;
  maxUses: number | null;
  uses: number;
  startsAt: number | null;
  endsAt: number | null;
  /** Why it cannot be used now (`expired`, `used-up`, `not-yet`), or undefined. */
  state: 'expired' | 'used-up' | 'not-yet' | undefined;
};

type Notice = { kind: 'done' | 'error'; message: string };

type FormChoice = { id: number; title: string };

/** The add or change form: its values as typed and each wrong value's message. */
export type CouponEditor = {
  /** The coupon changed, or undefined for a new one. */
  id: number | undefined;
  values: CouponFormValues;
  errors: Partial<Record<keyof CouponFormValues, string>>;
};

type Shared = {
  forms: FormChoice[];
  currency: CurrencyFormat;
  timeZone: string;
  csrf: string;
  notice?: Notice | undefined;
};

function NoticeOf({ notice }: { notice: Notice | undefined }) {
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {notice?.kind === 'error' && (
        <p className="admin-error" role="alert">
          {notice.message}
        </p>
      )}
    </>
  );
}

const worth = (coupon: CouponListItem, currency: CurrencyFormat) =>
  coupon.kind === 'percent'
    ? fill(m.percentOff, { percent: String(coupon.amount / 100) })
    : fill(m.amountOff, { amount: formatAmount(coupon.amount, currency) });

function validity(coupon: CouponListItem, timeZone: string) {
  const day = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeZone });
  const from = coupon.startsAt === null ? undefined : day.format(coupon.startsAt);
  // The stored end is the start of the day after the last one.
  const until = coupon.endsAt === null ? undefined : day.format(coupon.endsAt - 1);
  if (from && until) return fill(m.validBetween, { from, until });
  if (from) return fill(m.validFrom, { from });
  if (until) return fill(m.validUntil, { until });
  return m.validAlways;
}

const stateText = { expired: m.stateExpired, 'used-up': m.stateUsedUp, 'not-yet': m.stateNotYet };

/**
 * `/admin/coupons`: every coupon with what it is worth, its form, its uses and its days, and
 * the form that adds one. Plain forms posted with the session's CSRF token: everything works
 * without the admin's script.
 */
export function CouponsPage(props: Shared & { coupons: CouponListItem[]; editor: CouponEditor }) {
  const { coupons, forms, currency, timeZone, csrf, notice, editor } = props;
  const formTitle = (id: number | null) =>
    id === null
      ? m.everyForm
      : (forms.find((form) => form.id === id)?.title ?? fill(m.formGone, { id }));
  return (
    <>
      <NoticeOf notice={notice} />
      <p className="admin-hint">{m.intro}</p>
      <p className="admin-count">{coupons.length === 0 ? m.none : m.count(coupons.length)}</p>
      {coupons.length > 0 && (
        <div className="admin-table-wrap">
          <table className="admin-table admin-table--stacked">
            <caption className="visually-hidden">{m.caption}</caption>
            <thead>
              <tr>
                <th scope="col">{m.columns.code}</th>
                <th scope="col">{m.columns.worth}</th>
                <th scope="col">{m.columns.form}</th>
                <th scope="col">{m.columns.uses}</th>
                <th scope="col">{m.columns.valid}</th>
                <th scope="col">{m.columns.actions}</th>
              </tr>
            </thead>
            <tbody>
              {coupons.map((coupon) => (
                <tr key={coupon.id}>
                  <th scope="row">
                    <code>{coupon.code}</code>
                    {coupon.state && (
                      <span className="admin-state admin-state--failed">
                        {stateText[coupon.state]}
                      </span>
                    )}
                  </th>
                  <td data-label={m.columns.worth}>{worth(coupon, currency)}</td>
                  <td data-label={m.columns.form}>{formTitle(coupon.formId)}</td>
                  <td data-label={m.columns.uses}>
                    {coupon.maxUses === null
                      ? fill(m.usesNoLimit, { uses: coupon.uses })
                      : fill(m.usesOf, { uses: coupon.uses, max: coupon.maxUses })}
                  </td>
                  <td data-label={m.columns.valid}>{validity(coupon, timeZone)}</td>
                  <td data-label={m.columns.actions}>
                    <div className="admin-row-actions">
                      <a href={`/admin/coupons/${coupon.id}`}>
                        {m.edit}
                        <span className="visually-hidden"> {coupon.code}</span>
                      </a>
                      <a href={`/admin/coupons/${coupon.id}?delete`}>
                        {m.delete}
                        <span className="visually-hidden"> {coupon.code}</span>
                      </a>
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <CouponForm
        editor={editor}
        forms={forms}
        currency={currency}
        timeZone={timeZone}
        csrf={csrf}
      />
    </>
  );
}

/** `/admin/coupons/{id}`: one coupon's terms to change, and its deletion once confirmed. */
export function CouponPage(
  props: Shared & { editor: CouponEditor & { id: number }; confirmDelete: boolean },
) {
  const { editor, csrf, confirmDelete } = props;
  const code = editor.values.code;
  return (
    <>
      <NoticeOf notice={props.notice} />
      {confirmDelete && (
        <form
          method="post"
          action={`/admin/coupons/${editor.id}`}
          className="admin-confirm"
          aria-labelledby="delete-question"
        >
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="action" value="delete" />
          <input type="hidden" name="confirm" value="yes" />
          <p id="delete-question">{fill(m.confirmDelete, { code })}</p>
          <div className="admin-row-actions">
            <button type="submit" className="admin-button admin-button--danger">
              {m.confirmDeleteButton}
            </button>
            <a className="admin-button" href={`/admin/coupons/${editor.id}`}>
              {m.keep}
            </a>
          </div>
        </form>
      )}
      <CouponForm {...props} />
      {!confirmDelete && (
        <form method="post" action={`/admin/coupons/${editor.id}`} className="admin-apart-action">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="action" value="delete" />
          <button type="submit" className="admin-button admin-button--danger">
            {m.delete}
            <span className="visually-hidden"> {code}</span>
          </button>
        </form>
      )}
      <p>
        <a href="/admin/coupons">{m.cancel}</a>
      </p>
    </>
  );
}

function CouponForm(props: Shared & { editor: CouponEditor }) {
  const { editor, forms, currency, timeZone, csrf } = props;
  const { values, errors } = editor;
  const adding = editor.id === undefined;
  const field = (
    name: keyof CouponFormValues,
    label: string,
    input: Record<string, unknown>,
    hint?: string,
  ) => {
    const id = `coupon-${name}`;
    const described = [hint ? `${id}-hint` : '', errors[name] ? `${id}-error` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="admin-field">
        <label htmlFor={id}>{label}</label>
        <input
          id={id}
          name={name}
          defaultValue={values[name]}
          aria-invalid={errors[name] ? true : undefined}
          aria-describedby={described || undefined}
          {...input}
        />
        {hint && (
          <p id={`${id}-hint`} className="admin-hint">
            {hint}
          </p>
        )}
        {errors[name] && (
          <p id={`${id}-error`} className="admin-field-error">
            {errors[name]}
          </p>
        )}
      </div>
    );
  };
  const daysHint = fill(m.daysHint, { timeZone });
  return (
    <form
      method="post"
      action={adding ? '/admin/coupons' : `/admin/coupons/${editor.id}`}
      className="admin-form"
      aria-labelledby="coupon-form-heading"
      noValidate
    >
      {/* The change screen's own heading names the coupon already. */}
      <h2 id="coupon-form-heading" className={adding ? undefined : 'visually-hidden'}>
        {adding ? m.addHeading : fill(m.editHeading, { code: values.code })}
      </h2>
      <input type="hidden" name="csrf" value={csrf} />
      <input type="hidden" name="action" value={adding ? 'add' : 'save'} />
      {adding ? (
        field('code', m.code, { type: 'text', required: true, maxLength: 40 }, m.codeHint)
      ) : (
        <input type="hidden" name="code" value={values.code} />
      )}
      <fieldset className="admin-field">
        <legend>{m.kind}</legend>
        {(['percent', 'fixed'] as const).map((kind) => (
          <div className="admin-check" key={kind}>
            <input
              type="radio"
              id={`coupon-kind-${kind}`}
              name="kind"
              value={kind}
              defaultChecked={values.kind === kind}
            />
            <label htmlFor={`coupon-kind-${kind}`}>
              {kind === 'percent' ? m.kindPercent : m.kindFixed}
            </label>
          </div>
        ))}
      </fieldset>
      {field(
        'value',
        m.value,
        { type: 'text', inputMode: 'decimal', required: true },
        fill(m.valueHint, { currency: currency.code, example: formatAmount(500, currency) }),
      )}
      <div className="admin-field">
        <label htmlFor="coupon-formId">{m.form}</label>
        <select
          id="coupon-formId"
          name="formId"
          defaultValue={values.formId}
          aria-invalid={errors.formId ? true : undefined}
          aria-describedby={errors.formId ? 'coupon-formId-error' : undefined}
        >
          <option value="">{m.everyForm}</option>
          {forms.map((form) => (
            <option key={form.id} value={String(form.id)}>
              {form.title}
            </option>
          ))}
        </select>
        {errors.formId && (
          <p id="coupon-formId-error" className="admin-field-error">
            {errors.formId}
          </p>
        )}
      </div>
      {field('maxUses', m.maxUses, { type: 'text', inputMode: 'numeric' }, m.maxUsesHint)}
      {field('startsOn', m.startsOn, { type: 'date' }, daysHint)}
      {field('endsOn', m.endsOn, { type: 'date' }, daysHint)}
      <div className="admin-form__actions">
        <button type="submit" className="admin-button admin-button--primary">
          {adding ? m.add : m.save}
        </button>
      </div>
    </form>
  );
}
