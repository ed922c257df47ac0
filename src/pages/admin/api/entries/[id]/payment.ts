import { z } from 'zod';
import {
  paymentAdminMessages as m,
  paymentMessages,
} from '../../../../../features/payments/messages.ts';
import { recordPayment } from '../../../../../features/payments/server/record-payment.ts';
import { fill } from '../../../../../platform/fill-message.ts';
import { adminJson } from '../../../../../server/admin-api.ts';
import { ownerCall } from '../../../../../server/owner-action.ts';

/**
 * `POST /admin/api/entries/{id}/payment`: `{ status }`, the owner recording what happened to an
 * order's payment (a bank transfer arrived, a refund was made). Forward only, as every change of
 * a payment (record-payment.ts): the answer says what the order is now, or why it cannot move.
 */
export const POST = ownerCall(
  {
    permission: 'payments',
    input: z.object({ status: z.enum(['paid', 'refunded', 'failed']) }),
  },
  async ({ app, owner, input: { status }, context }) => {
    const entryId = Number(context.params.id);
    const before = await app.database.db
      .selectFrom('form_entries')
      .select('payment_status')
      .where('id', '=', Number.isSafeInteger(entryId) ? entryId : 0)
      .executeTakeFirst();
    const from = before?.payment_status;
    if (!from) return adminJson(404, { ok: false, message: m.notAnOrder });
    const outcome = await recordPayment(app.payments, { entryId, status, now: Date.now() });
    const name = paymentMessages.status;
    if (outcome === 'changed') {
      app.log.info(
        `Entry ${entryId}: payment recorded as ${status} by administrator ${owner.userId}`,
      );
      return adminJson(200, {
        ok: true,
        message: fill(m.recorded, { status: name[status] }),
        status,
      });
    }
    if (outcome === 'unchanged') {
      return adminJson(200, {
        ok: true,
        message: fill(m.unchanged, { status: name[status] }),
        status,
      });
    }
    return adminJson(409, {
      ok: false,
      message: fill(m.notAllowed, { from: name[from], to: name[status] }),
      status: from,
    });
  },
);
