import type { ReactNode } from 'react';
import { fill as fillMessage } from '../../../platform/fill-message.ts';
import { type EntryDetail, entryMessages as m, spamReasonText } from '../../forms/entry-review.ts';
import { viewMessages } from '../../forms/view-messages.ts';
import { type CurrencyFormat, currencyFormatFor, formatAmount } from '../../payments/currency.ts';

type Props = {
  entry: EntryDetail;
  csrf: string;
  timeZone: string;
  /** The site's currency, which the order's amounts are shown in. */
  currency: CurrencyFormat;
  notice?: { kind: 'done' | 'error'; message: string } | undefined;
  /** A delete waits to be confirmed. */
  confirmDelete?: boolean;
  /** An order's payment and its recording (the RecordPayment island), in the order's place. */
  children?: ReactNode;
};

/**
 * `/admin/entries/{id}`: one entry with every answer, its order, its files (downloaded through
 * the admin's authorised address), the page it was sent from, its times and visitor id, and
 * what can be done to it. Plain forms, as the list.
 */
export function EntryPage({
  entry,
  csrf,
  timeZone,
  currency,
  notice,
  confirmDelete,
  children,
}: Props) {
  const when = new Intl.DateTimeFormat('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'medium',
    timeZone,
  });
  const action = `/admin/entries/${entry.id}`;
  const time = (at: number) => <time dateTime={new Date(at).toISOString()}>{when.format(at)}</time>;
  const fill =
    entry.startedAt === null
      ? null
      : Math.max(0, Math.round((entry.submittedAt - entry.startedAt) / 1000));
  const button = (value: string, label: string, danger = false) => (
    <button
      type="submit"
      name="action"
      value={value}
      className={`admin-button${danger ? ' admin-button--danger' : ''}`}
    >
      {label}
    </button>
  );
  return (
    <>
      <div role="status" className="admin-notice" hidden={notice?.kind !== 'done'}>
        {notice?.kind === 'done' ? notice.message : ''}
      </div>
      {notice?.kind === 'error' && (
        <p className="admin-field-error" role="alert">
          {notice.message}
        </p>
      )}
      {entry.status === 'spam' && (
        <section className="admin-warning admin-entry__spam" aria-labelledby="entry-spam">
          <h2 id="entry-spam">{m.detail.spamBecause}</h2>
          <p>{spamReasonText(entry.spamReason)}</p>
        </section>
      )}
      {confirmDelete ? (
        <form method="post" action={action} className="admin-confirm" aria-labelledby="confirm-q">
          <input type="hidden" name="csrf" value={csrf} />
          <input type="hidden" name="confirm" value="yes" />
          <p id="confirm-q">{m.deleteQuestion(1)}</p>
          <div className="admin-row-actions">
            {button('delete', m.confirmDeleteOne, true)}
            <a className="admin-button" href={action}>
              {m.cancelOne}
            </a>
          </div>
        </form>
      ) : (
        <form method="post" action={action} className="admin-entry__actions">
          <input type="hidden" name="csrf" value={csrf} />
          <h2 className="visually-hidden">{m.detail.actions}</h2>
          <div className="admin-row-actions">
            {entry.status === 'spam'
              ? button('not-spam', m.actions['not-spam'])
              : button('spam', m.actions.spam)}
            {entry.starred ? button('unstar', m.actions.unstar) : button('star', m.actions.star)}
            {button('delete', m.actions.delete, true)}
          </div>
        </form>
      )}
      <p className="admin-count">
        {entry.formTitle}
        {entry.starred && <span className="admin-state admin-state--starred">★ {m.starred}</span>}
      </p>
      <section className="admin-entry__section" aria-labelledby="entry-answers">
        <h2 id="entry-answers">{m.detail.answers}</h2>
        <dl className="admin-entry__list">
          {entry.fields.map((field) => (
            <div key={field.id}>
              <dt>{field.label || m.detail.unnamedField(field.id)}</dt>
              <dd>{field.value === '' ? m.detail.none : field.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      {entry.order && (
        <section className="admin-entry__section" aria-labelledby="entry-order">
          <h2 id="entry-order">{m.detail.order}</h2>
          <OrderTable order={entry.order} currency={currency} />
          {children}
          <dl className="admin-entry__list">
            <div>
              <dt>{m.detail.provider}</dt>
              <dd>{entry.order.provider}</dd>
            </div>
            <div>
              <dt>{m.detail.reference}</dt>
              <dd>{entry.order.reference ?? m.detail.none}</dd>
            </div>
            {entry.order.card && (
              <div>
                <dt>{m.detail.card}</dt>
                <dd>{entry.order.card}</dd>
              </div>
            )}
          </dl>
        </section>
      )}
      <section className="admin-entry__section" aria-labelledby="entry-files">
        <h2 id="entry-files">{m.detail.files}</h2>
        {entry.files.length === 0 ? (
          <p>{m.detail.noFiles}</p>
        ) : (
          <ul>
            {entry.files.map((file) => (
              <li key={file.href}>
                <a href={file.href} download>
                  {file.name}
                </a>{' '}
                ({file.size})
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="admin-entry__section" aria-labelledby="entry-visit">
        <h2 id="entry-visit">{m.detail.visit}</h2>
        <dl className="admin-entry__list">
          <div>
            <dt>{m.detail.page}</dt>
            <dd>
              {entry.pageUrl.startsWith('/') ? (
                <a href={entry.pageUrl}>{entry.pageUrl}</a>
              ) : (
                entry.pageUrl || m.detail.none
              )}
            </dd>
          </div>
          <div>
            <dt>{m.detail.started}</dt>
            <dd>{entry.startedAt === null ? m.detail.none : time(entry.startedAt)}</dd>
          </div>
          <div>
            <dt>{m.detail.submitted}</dt>
            <dd>{time(entry.submittedAt)}</dd>
          </div>
          {fill !== null && (
            <div>
              <dt>{m.detail.fillTime}</dt>
              <dd>{m.detail.seconds(fill)}</dd>
            </div>
          )}
          <div>
            <dt>{m.detail.visitor}</dt>
            <dd>{entry.visitorId ?? m.detail.none}</dd>
          </div>
          <div>
            <dt>{m.detail.userAgent}</dt>
            <dd className="admin-entry__agent">{entry.userAgent || m.detail.none}</dd>
          </div>
        </dl>
      </section>
      <p>
        <a href={`/admin/entries?form=${entry.formId}&view=all`}>{m.detail.back}</a>
      </p>
      <p className="admin-hint">{m.timesHint(timeZone)}</p>
    </>
  );
}

/** The order as the visitor's order table showed it: its rows, the coupon and the total. */
function OrderTable({
  order,
  currency,
}: {
  order: NonNullable<EntryDetail['order']>;
  currency: CurrencyFormat;
}) {
  const format = currencyFormatFor(order.currency, currency);
  const money = (amount: number) => formatAmount(amount, format);
  const { rows, coupon, total } = order.summary;
  return (
    <div className="admin-table-wrap admin-entry__order">
      <table className="admin-table">
        <caption className="visually-hidden">{m.detail.order}</caption>
        <thead>
          <tr>
            <th scope="col">{viewMessages.summaryItem}</th>
            <th scope="col" className="admin-table__number">
              {viewMessages.summaryQuantity}
            </th>
            <th scope="col" className="admin-table__number">
              {viewMessages.summaryPrice}
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={`${row.fieldId}-${row.choice ?? ''}`}>
              <td>{row.choice ? `${row.label}: ${row.choice}` : row.label}</td>
              <td className="admin-table__number">{row.quantity}</td>
              <td className="admin-table__number">{money(row.amount)}</td>
            </tr>
          ))}
          {coupon && (
            <tr>
              <td colSpan={2}>{fillMessage(viewMessages.summaryCoupon, { code: coupon.code })}</td>
              <td className="admin-table__number">{money(-coupon.discount)}</td>
            </tr>
          )}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row" colSpan={2}>
              {viewMessages.summaryTotal}
            </th>
            <td className="admin-table__number">{money(total)}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
