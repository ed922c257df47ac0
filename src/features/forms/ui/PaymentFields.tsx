// Over 500 lines on purpose: the payment fields are one lazy chunk (field-widgets.ts), loaded
// only by order forms; split, an order form would fetch several files instead of one.
import { type KeyboardEvent, useEffect, useState } from 'react';
import { fill } from '../../../platform/fill-message.ts';
import {
  type CurrencyFormat,
  formatAmount,
  priceInputCharacters,
} from '../../payments/currency.ts';
import type { OrderSummary } from '../../payments/order-pricing.ts';
import { choiceValue } from '../field-kinds.ts';
import { errorKey } from '../field-rules.ts';
import { asList, asPart, asText, fieldName, pickedChoice } from '../field-values.ts';
import type { FieldOfType, PaymentChoice } from '../form-definition.ts';
import { formMessages } from '../messages.ts';
import type { PricedField } from '../order-summary.ts';
import { cardBrand, cardDigits, cardNumberError, checkCardField } from '../rules/credit-card.ts';
import { viewMessages } from '../view-messages.ts';
import { fieldEnvironment } from './field-environment.ts';
import { Description, describedBy, ErrorText, type Inner, inputId, Label } from './field-parts.tsx';
import type { FieldWidget } from './field-widgets.ts';

/*
 * The payment fields (seed §3 Payment): prices in the site's currency, quantities, the coupon,
 * the card and the order summary. Names follow the form's contract: a field with a quantity
 * sends `[value]` and `[quantity]`, the card only `[token]`, `[brand]` and `[last4]`.
 */

const money = (amount: number, currency: CurrencyFormat | undefined) =>
  currency ? formatAmount(amount, currency) : '';

/** The choice's text: its label, and its price unless the field hides prices. */
function ChoiceText({
  choice,
  hidePrice,
  currency,
}: {
  choice: PaymentChoice;
  hidePrice: boolean;
  currency: CurrencyFormat | undefined;
}) {
  return (
    <>
      {choice.image && <img className="qforms-choice-image" src={choice.image} alt="" />}
      <span className="qforms-choice-name">{choice.label}</span>
      {!hidePrice && <span className="qforms-choice-price">{money(choice.price, currency)}</span>}
    </>
  );
}

function QuantityInput(props: Inner<PricedField>) {
  const { field, value, readOnly, errors, idPrefix } = props;
  if (!('quantity' in field) || !field.quantity) return null;
  const id = inputId(idPrefix, field.id, 'quantity');
  const error = errors[errorKey(field.id, 'quantity')];
  return (
    <div className="qforms-quantity">
      <label htmlFor={id} className="qforms-field-sublabel">
        {viewMessages.summaryQuantity}
      </label>
      <input
        id={id}
        type="number"
        inputMode="numeric"
        name={fieldName(field.id, 'quantity')}
        min={field.quantity.min}
        max={field.quantity.max}
        step={1}
        value={asPart(value, 'quantity')}
        readOnly={readOnly}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(e) =>
          props.onChange(
            field,
            field.type === 'payment-single'
              ? { quantity: e.currentTarget.value }
              : { value: pickedChoice(value), quantity: e.currentTarget.value },
            'quantity',
          )
        }
        onBlur={() => props.onBlur(field, 'quantity')}
      />
      <ErrorText id={id} message={error} />
    </div>
  );
}

function PaymentSingle(props: Inner<FieldOfType<'payment-single'>>) {
  const { field, id, error, value, readOnly, payment } = props;
  if (field.priceType === 'fixed') {
    return (
      <>
        <Label
          field={field}
          htmlFor={field.quantity ? inputId(props.idPrefix, field.id, 'quantity') : undefined}
        />
        {!field.hidePrice && (
          <p className="qforms-single-item-price">{money(field.price, payment?.currency)}</p>
        )}
        <QuantityInput {...props} />
        <Description field={field} id={id} />
        <ErrorText id={id} message={error} />
      </>
    );
  }
  const minimum =
    field.minimumPrice > 0
      ? fill(viewMessages.minimumPriceHint, {
          amount: money(field.minimumPrice, payment?.currency),
        })
      : '';
  return (
    <>
      <Label field={field} htmlFor={id} />
      <div className="qforms-price-input">
        {payment?.currency.symbolPosition === 'left' && (
          <span className="qforms-currency-symbol" aria-hidden="true">
            {payment.currency.symbol}
          </span>
        )}
        <input
          id={id}
          name={fieldName(field.id)}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={asText(value)}
          placeholder={field.placeholder || undefined}
          required={props.nativeRequired}
          readOnly={readOnly}
          {...describedBy(field, id, error, minimum ? [`${id}-minimum`] : [])}
          onChange={(e) => props.onChange(field, priceInputCharacters(e.currentTarget.value))}
          onBlur={() => props.onBlur(field)}
        />
        {payment?.currency.symbolPosition === 'right' && (
          <span className="qforms-currency-symbol" aria-hidden="true">
            {payment.currency.symbol}
          </span>
        )}
      </div>
      {minimum && (
        <div id={`${id}-minimum`} className="qforms-field-sublabel">
          {minimum}
        </div>
      )}
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function PricedChoices(props: Inner<FieldOfType<'payment-multiple' | 'payment-checkbox'>>) {
  const { field, id, error, value, readOnly, payment } = props;
  const multiple = field.type === 'payment-checkbox';
  const picked = multiple ? asList(value) : [pickedChoice(value)];
  const quantity = field.type === 'payment-multiple' ? field.quantity : undefined;
  const name = quantity
    ? fieldName(field.id, 'value')
    : multiple
      ? `${fieldName(field.id)}[]`
      : fieldName(field.id);
  return (
    <>
      <Label field={field} asLegend />
      <ul
        className={`qforms-choices qforms-priced-choices${field.choices.some((c) => c.image) ? ' qforms-image-choices' : ''}`}
        data-choice-limit={field.type === 'payment-checkbox' ? field.choiceLimit : undefined}
      >
        {field.choices.map((choice, index) => {
          const choiceId = `${id}_${index + 1}`;
          const choiceVal = choiceValue(choice);
          const checked = picked.includes(choiceVal);
          return (
            <li key={choiceId} className={checked ? 'qforms-selected' : undefined}>
              <input
                id={choiceId}
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={choiceVal}
                checked={checked}
                required={props.nativeRequired && !multiple}
                disabled={readOnly && !checked}
                {...describedBy(field, id, error)}
                onChange={(e) => {
                  if (!multiple) {
                    return props.onChange(
                      field,
                      quantity
                        ? { value: choiceVal, quantity: asPart(value, 'quantity') }
                        : choiceVal,
                    );
                  }
                  const next = e.currentTarget.checked
                    ? [...picked, choiceVal]
                    : picked.filter((v) => v !== choiceVal);
                  props.onChange(field, next);
                }}
                onBlur={() => props.onBlur(field)}
                onClick={readOnly ? (e) => e.preventDefault() : undefined}
              />
              <label htmlFor={choiceId} className="qforms-field-label-inline">
                <ChoiceText
                  choice={choice}
                  hidePrice={field.hidePrice}
                  currency={payment?.currency}
                />
              </label>
            </li>
          );
        })}
      </ul>
      {field.type === 'payment-multiple' && <QuantityInput {...props} field={field} />}
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function PaymentSelect(props: Inner<FieldOfType<'payment-select'>>) {
  const { field, id, error, value, readOnly, payment } = props;
  const picked = pickedChoice(value);
  return (
    <>
      <Label field={field} htmlFor={id} />
      <select
        id={id}
        name={field.quantity ? fieldName(field.id, 'value') : fieldName(field.id)}
        className="qforms-field-medium"
        value={picked}
        required={props.nativeRequired}
        disabled={readOnly}
        {...describedBy(field, id, error)}
        onChange={(e) =>
          props.onChange(
            field,
            field.quantity
              ? { value: e.currentTarget.value, quantity: asPart(value, 'quantity') }
              : e.currentTarget.value,
          )
        }
        onBlur={() => props.onBlur(field)}
      >
        <option value="" disabled={field.required && picked !== ''}>
          {field.placeholder || '—'}
        </option>
        {field.choices.map((choice) => (
          <option key={choiceValue(choice)} value={choiceValue(choice)}>
            {field.hidePrice
              ? choice.label
              : `${choice.label} – ${money(choice.price, payment?.currency)}`}
          </option>
        ))}
      </select>
      {readOnly && picked !== '' && (
        <input
          type="hidden"
          name={field.quantity ? fieldName(field.id, 'value') : fieldName(field.id)}
          value={picked}
          readOnly
        />
      )}
      <QuantityInput {...props} />
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

function CouponInput(props: Inner<FieldOfType<'payment-coupon'>>) {
  const { field, id, error, value, readOnly, payment } = props;
  const applied = payment?.coupon;
  const discount = payment?.summary.coupon?.discount ?? 0;
  const apply = () => payment?.applyCoupon(field);
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return;
    // Enter applies the code here, rather than moving to the next page.
    event.preventDefault();
    event.stopPropagation();
    apply();
  };
  return (
    <>
      <Label field={field} htmlFor={id} />
      <div className="qforms-coupon-row">
        <input
          id={id}
          name={fieldName(field.id)}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={asText(value)}
          placeholder={field.placeholder || undefined}
          readOnly={readOnly}
          {...describedBy(field, id, error, [`${id}-applied`])}
          onChange={(e) => props.onChange(field, e.currentTarget.value)}
          onBlur={() => props.onBlur(field)}
          onKeyDown={onKeyDown}
        />
        <button type="button" className="qforms-coupon-apply" onClick={apply} disabled={readOnly}>
          {field.applyText || viewMessages.couponApply}
        </button>
      </div>
      <div id={`${id}-applied`} className="qforms-coupon-applied" aria-live="polite">
        {applied &&
          fill(viewMessages.couponApplied, {
            code: applied.code,
            discount: money(discount, payment?.currency),
          })}
      </div>
      <Description field={field} id={id} />
      <ErrorText id={id} message={error} />
    </>
  );
}

/**
 * The card: number, expiry and code in inputs without a name, so no form post can carry them
 * (decision 0035). What the form sends is what the provider's script returns for the card,
 * and the brand and last 4 digits, which the entry keeps.
 */
function CardInput(props: Inner<FieldOfType<'payment-credit-card'>>) {
  const { field, id, value, readOnly, errors, idPrefix } = props;
  const number = asPart(value, 'number');
  const valid = number !== '' && cardNumberError(number) === undefined;
  const digits = cardDigits(number);
  const change = (part: string, text: string) => {
    const next = {
      ...(typeof value === 'object' && !Array.isArray(value) ? value : {}),
      [part]: text,
    };
    const nextNumber = next.number ?? '';
    const ok = nextNumber !== '' && cardNumberError(nextNumber) === undefined;
    props.onChange(
      field,
      {
        ...next,
        brand: ok ? (cardBrand(nextNumber) ?? '') : '',
        last4: ok ? cardDigits(nextNumber).slice(-4) : '',
        token: '',
      },
      part,
    );
  };
  const part = (
    name: 'number' | 'expiry' | 'cvc',
    label: string,
    autoComplete: string,
    placeholder: string,
  ) => {
    const partId = inputId(idPrefix, field.id, name);
    const partError = errors[errorKey(field.id, name)];
    return (
      <div className={`qforms-field-row-block qforms-card-${name}`}>
        <label htmlFor={partId} className="qforms-field-sublabel">
          {label}
        </label>
        <input
          id={partId}
          type="text"
          inputMode="numeric"
          autoComplete={autoComplete}
          placeholder={placeholder}
          value={asPart(value, name)}
          required={props.nativeRequired && name === 'number'}
          readOnly={readOnly}
          {...describedBy(field, partId, partError)}
          onChange={(e) => change(name, e.currentTarget.value)}
          onBlur={() => props.onBlur(field, name)}
        />
        <ErrorText id={partId} message={partError} />
      </div>
    );
  };
  // An offline form does not take cards: its card field is not shown (the builder says so).
  if (props.payment?.card === 'none') return null;
  if (props.payment?.card === 'not-offered') {
    return (
      <>
        <Label field={field} asLegend />
        <p className="qforms-card-unavailable" role="status">
          {viewMessages.cardNotOffered}
        </p>
      </>
    );
  }
  return (
    <>
      <Label field={field} asLegend />
      {props.payment?.cardUnavailable ? (
        <p className="qforms-card-unavailable" role="status">
          {formMessages.cardUnavailable}
        </p>
      ) : (
        <div className="qforms-field-row qforms-card">
          {part('number', viewMessages.cardNumberLabel, 'cc-number', '1234 1234 1234 1234')}
          {part('expiry', viewMessages.cardExpiryLabel, 'cc-exp', 'MM/YY')}
          {part('cvc', viewMessages.cardCvcLabel, 'cc-csc', '123')}
        </div>
      )}
      <input
        type="hidden"
        name={fieldName(field.id, 'token')}
        value={asPart(value, 'token')}
        readOnly
      />
      <input
        type="hidden"
        name={fieldName(field.id, 'brand')}
        value={valid ? (cardBrand(number) ?? '') : ''}
        readOnly
      />
      <input
        type="hidden"
        name={fieldName(field.id, 'last4')}
        value={valid ? digits.slice(-4) : ''}
        readOnly
      />
      <Description field={field} id={id} />
      <ErrorText id={id} message={props.error} />
    </>
  );
}

/** Seed §9: the summary's rows appear in batches of 10, one batch per frame. */
export const summaryBatchSize = 10;

function useBatchedRows(count: number, rowsKey: unknown): number {
  // The first render (on the server, and hydrating) shows every row; changes come in batches.
  const [shown, setShown] = useState(Number.POSITIVE_INFINITY);
  const [seenKey, setSeenKey] = useState(rowsKey);
  if (seenKey !== rowsKey) {
    setSeenKey(rowsKey);
    setShown(summaryBatchSize);
  }
  useEffect(() => {
    if (shown >= count) return;
    const frame = requestAnimationFrame(() => setShown((n) => n + summaryBatchSize));
    return () => cancelAnimationFrame(frame);
  }, [shown, count]);
  return Math.min(shown, count);
}

export function OrderSummaryTable({
  summary,
  currency,
  caption,
}: {
  summary: OrderSummary;
  currency: CurrencyFormat;
  caption: string;
}) {
  const shown = useBatchedRows(summary.rows.length, summary.rows);
  const rows = summary.rows.slice(0, shown);
  return (
    <table className="qforms-order-summary">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">{viewMessages.summaryItem}</th>
          <th scope="col">{viewMessages.summaryQuantity}</th>
          <th scope="col">{viewMessages.summaryPrice}</th>
        </tr>
      </thead>
      <tbody>
        {summary.rows.length === 0 && (
          <tr>
            <td colSpan={3} className="qforms-order-summary-empty">
              {viewMessages.summaryEmpty}
            </td>
          </tr>
        )}
        {rows.map((row) => (
          // A field has one row per choice: the two name a row.
          <tr key={`${row.fieldId}:${row.choice}`}>
            <td>{row.choice ? `${row.label} – ${row.choice}` : row.label}</td>
            <td>{row.quantity}</td>
            <td>{formatAmount(row.amount, currency)}</td>
          </tr>
        ))}
        {summary.coupon && (
          <tr className="qforms-order-summary-coupon">
            <td colSpan={2}>{fill(viewMessages.summaryCoupon, { code: summary.coupon.code })}</td>
            <td>-{formatAmount(summary.coupon.discount, currency)}</td>
          </tr>
        )}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row" colSpan={2}>
            {viewMessages.summaryTotal}
          </th>
          <td>{formatAmount(summary.total, currency)}</td>
        </tr>
      </tfoot>
    </table>
  );
}

/** The payment-total field: the order summary (or the total alone), announced politely. */
function OrderTotal(props: Inner<FieldOfType<'payment-total'>>) {
  const { field, id, payment } = props;
  if (!payment) return null;
  const total = formatAmount(payment.summary.total, payment.currency);
  return (
    <>
      {field.summary ? (
        <OrderSummaryTable
          summary={payment.summary}
          currency={payment.currency}
          caption={field.label || formMessages.summaryCaption}
        />
      ) : (
        <>
          <Label field={field} />
          <p className="qforms-total-amount">{total}</p>
        </>
      )}
      <p className="qforms-total-announcement" aria-live="polite">
        {fill(viewMessages.totalAnnouncement, { total })}
      </p>
      <Description field={field} id={id} />
    </>
  );
}

// The card's rules come with its view: a page without a card field does not carry them.
fieldEnvironment.cardRules = checkCardField;

/** The payment fields' views, a chunk that only forms with payment fields load. */
export const widgets: Record<string, FieldWidget> = {
  'payment-single': (props) => <PaymentSingle {...props} />,
  'payment-multiple': (props) => <PricedChoices {...props} />,
  'payment-checkbox': (props) => <PricedChoices {...props} />,
  'payment-select': (props) => <PaymentSelect {...props} />,
  'payment-coupon': (props) => <CouponInput {...props} />,
  'payment-credit-card': (props) => <CardInput {...props} />,
  'payment-total': (props) => <OrderTotal {...props} />,
};
