import { z } from 'zod';
import {
  findSubscriber,
  importSubscribers,
  removeSubscriber,
  resendConfirmation,
} from '../features/share/server/subscriber-review.ts';
import {
  type FeedChoice,
  type ImportMode,
  type ImportReport,
  subscriberAdminMessages as messages,
  readSubscriberFilter,
  type SubscriberFilter,
  subscriberFilterQuery,
  subscriberImportMaxBytes,
} from '../features/share/subscriber-admin.ts';
import { seeOther } from './admin-api.ts';
import type { AdminPage } from './admin-page.ts';
import { ownerPost } from './owner-action.ts';

type Notice = { kind: 'error'; message: string };

export type SubscriberActionOutcome =
  | { kind: 'done'; redirect: Response }
  | { kind: 'refused'; status: number; notice: Notice; filter?: SubscriberFilter }
  | {
      kind: 'confirm';
      filter: SubscriberFilter;
      subscriber: { id: number; email: string; feedTitle: string };
    };

const subscriberActionInput = z.object({
  action: z.enum(['resend', 'remove'], { error: messages.pickSubscriber }),
  id: z.coerce.number().int({ error: messages.pickSubscriber }),
  confirm: z.string().optional().catch(undefined),
  // The list the action was taken from, to come back to (only the filter's own parameters).
  back: z.string().catch(''),
});

/**
 * An owner's action on one subscriber, from the list: send the confirmation mail again, or
 * remove them once confirmed. Done, it goes back to the list as it was filtered, with a notice.
 */
export async function postSubscriberAction(
  admin: AdminPage,
  request: Request,
  feeds: FeedChoice[],
): Promise<SubscriberActionOutcome> {
  const { app } = admin;
  const db = app.database.db;
  const write = await ownerPost(admin, request, {
    permission: 'subscribers',
    input: subscriberActionInput,
  });
  if (!write.ok) {
    return {
      kind: 'refused',
      status: write.status,
      notice: { kind: 'error', message: write.message },
    };
  }
  const { action, id, confirm, back } = write.input;
  const filter = readSubscriberFilter(new URLSearchParams(back));
  const refuse = (status: number, message: string): SubscriberActionOutcome => ({
    kind: 'refused',
    status,
    notice: { kind: 'error', message },
    filter,
  });
  const done = (notice: string) => {
    const query = subscriberFilterQuery(filter);
    return {
      kind: 'done' as const,
      redirect: seeOther(`/admin/subscribers?${query ? `${query}&` : ''}notice=${notice}`),
    };
  };
  if (action === 'remove') {
    if (confirm !== 'yes') {
      const subscriber = await findSubscriber(db, feeds, id);
      return subscriber
        ? { kind: 'confirm', filter, subscriber }
        : refuse(409, messages.subscriberGone);
    }
    if (!(await removeSubscriber(db, id))) return refuse(409, messages.subscriberGone);
    app.log.info(`Subscribers: subscriber ${id} removed by administrator ${admin.userId}`);
    return done('removed');
  }
  const outcome = await resendConfirmation(
    app.database,
    { secret: app.secret, siteUrl: app.config.siteUrl, siteTitle: admin.siteTitle },
    feeds,
    id,
  );
  if (outcome === 'sent') {
    app.mail.deliverSoon();
    app.log.info(`Subscribers: confirmation sent again to ${id} by administrator ${admin.userId}`);
    return done('resent');
  }
  return refuse(
    outcome === 'limited' ? 429 : 409,
    outcome === 'gone'
      ? messages.subscriberGone
      : outcome === 'limited'
        ? messages.addressLimited
        : messages.notPending(outcome),
  );
}

export type SubscriberImportChoice = {
  feedId: number | undefined;
  mode: ImportMode;
  sendMails: boolean;
};

export type SubscriberImportOutcome = {
  chosen: SubscriberImportChoice;
  report?: ImportReport;
  error?: { status: number; message: string };
};

const subscriberImportInput = z.object({
  file: z.instanceof(File).optional().catch(undefined),
  feed: z.coerce.number().catch(Number.NaN),
  mode: z.enum(['pending', 'confirmed']).catch('pending'),
  send: z.literal('yes').optional().catch(undefined),
});

/** The subscribers' import: a CSV file of addresses added to one feed (decision 0041). */
export async function postSubscriberImport(
  admin: AdminPage,
  request: Request,
  feeds: FeedChoice[],
): Promise<SubscriberImportOutcome> {
  const { app } = admin;
  const write = await ownerPost(admin, request, {
    permission: 'subscribers',
    input: subscriberImportInput,
  });
  if (!write.ok) {
    return {
      chosen: { feedId: undefined, mode: 'pending', sendMails: false },
      error: { status: write.status, message: write.message },
    };
  }
  const { file, mode } = write.input;
  const feed = feeds.find((choice) => choice.id === write.input.feed);
  const chosen = { feedId: feed?.id, mode, sendMails: write.input.send === 'yes' };
  if (!file || file.size === 0) return { chosen, error: { status: 400, message: messages.noFile } };
  if (file.size > subscriberImportMaxBytes) {
    const message = messages.fileTooLarge(subscriberImportMaxBytes);
    return { chosen, error: { status: 413, message } };
  }
  if (!feed) return { chosen, error: { status: 400, message: messages.pickFeed } };
  let text: string | undefined;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(await file.arrayBuffer());
  } catch {
    text = undefined;
  }
  if (text === undefined || text.includes('\u0000')) {
    return { chosen, error: { status: 422, message: messages.notText } };
  }
  const report = await importSubscribers(
    app.database,
    { secret: app.secret, siteUrl: app.config.siteUrl, siteTitle: admin.siteTitle },
    { feed, mode, sendMails: chosen.sendMails, text },
  );
  if (report.mailed > 0) app.mail.deliverSoon();
  app.log.info(
    `Subscribers: import by administrator ${admin.userId} into feed ${feed.id}: ${report.added} added (${report.mode}), ${report.mailed} mailed, ${report.refused} refused`,
  );
  return { chosen, report };
}
