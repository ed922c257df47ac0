import { type FormEvent, useState } from 'react';
import { fill } from '../../../platform/fill-message.ts';
import { paymentAdminMessages as m, paymentMessages } from '../../payments/messages.ts';
import {
  nextPaymentStatuses,
  type PaymentEventOutcome,
  type PaymentStatus,
} from '../../payments/payment-status.ts';
import { callAdmin } from './admin-call.ts';
import { NoticeLines, SaveButton, useTimedNotice } from './settings-save.tsx';

type Props = {
  csrf: string;
  entryId: number;
  status: PaymentStatus;
  timeZone: string;
  /** What providers reported about the payment, and what was done with it. */
  history: ReadonlyArray<{
    at: number;
    provider: string;
    type: string;
    outcome: PaymentEventOutcome;
  }>;
};

/**
 * An order's payment on its entry's screen: where it stands, and the owner recording what
 * happened outside the form (a transfer arrived, a refund made), forward only, with the seed's
 * save helper (§2.12): "Saving..." while the call is out, then what the server said for 5 s.
 */
export default function RecordPayment({
  csrf,
  entryId,
  status: initial,
  timeZone,
  history,
}: Props) {
  const [status, setStatus] = useState(initial);
  const next = nextPaymentStatuses(status);
  const [choice, setChoice] = useState<PaymentStatus | undefined>(next[0]);
  const [saving, setSaving] = useState(false);
  const { notice, show } = useTimedNotice();
  const chosen = choice && next.includes(choice) ? choice : next[0];

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (saving || !chosen) return;
    setSaving(true);
    const reply = await callAdmin(`/admin/api/entries/${entryId}/payment`, csrf, {
      status: chosen,
    });
    setSaving(false);
    if (typeof reply.status === 'string') setStatus(reply.status as PaymentStatus);
    show({ kind: reply.ok ? 'success' : 'error', text: reply.message });
  };

  return (
    <form className="admin-form admin-record-payment" onSubmit={submit}>
      <p>
        {m.current}:{' '}
        <span className={`admin-state admin-state--pay-${status}`}>
          {paymentMessages.status[status]}
        </span>
      </p>
      {chosen ? (
        <>
          <div className="admin-field">
            <label htmlFor={`record-payment-${entryId}`}>{m.recordLabel}</label>
            <select
              id={`record-payment-${entryId}`}
              value={chosen}
              aria-describedby={`record-payment-${entryId}-hint`}
              onChange={(e) => setChoice(e.target.value as PaymentStatus)}
            >
              {next.map((option) => (
                <option key={option} value={option}>
                  {paymentMessages.status[option]}
                </option>
              ))}
            </select>
            <p id={`record-payment-${entryId}-hint`} className="admin-hint">
              {m.recordHint}
            </p>
          </div>
          <SaveButton saving={saving} label={m.record} />
        </>
      ) : (
        <p className="admin-hint">{m.nothingToRecord}</p>
      )}
      <NoticeLines notice={notice} />
      {history.length > 0 && (
        <details className="admin-record-payment__history">
          <summary>{m.history}</summary>
          <ul>
            {history.map((event) => (
              <li key={`${event.at}:${event.provider}:${event.type}`}>
                {fill(m.historyEvent, {
                  when: new Intl.DateTimeFormat('en-GB', {
                    dateStyle: 'medium',
                    timeStyle: 'medium',
                    timeZone,
                  }).format(event.at),
                  provider: event.provider,
                  type: event.type,
                  outcome: m.outcomes[event.outcome] ?? event.outcome,
                })}
              </li>
            ))}
          </ul>
        </details>
      )}
    </form>
  );
}
