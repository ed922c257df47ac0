import { fill } from '../../../platform/fill-message.ts';
import { escapeHtml } from '../../../platform/html-escape.ts';
import { htmlToText, renderMarkdown, sanitiseStoredHtml } from '../../../platform/markdown.ts';
import { htmlOf } from '../../../platform/sanitised-html.ts';
import { type CurrencyFormat, formatAmount } from '../../payments/currency.ts';
import { paymentMessages } from '../../payments/messages.ts';
import type { OrderSummary } from '../../payments/order-pricing.ts';
import type { FormDefinition } from '../form-definition.ts';
import { isValidEmail } from '../rules/email.ts';
import { textOfHtml } from '../rules/rich-text.ts';
import { viewMessages } from '../view-messages.ts';
import { serverMessages } from './server-messages.ts';

export type EntryField = { id: number; type: string; label: string; value: string };

export type EntryMail = {
  to: string[];
  subject: string;
  text: string;
  html: string;
  replyTo?: string;
};

/** An entry's order as its mails show it: number, summary lines, status, how to pay. */
export type OrderMailPart = {
  number: number;
  summary: OrderSummary;
  currency: CurrencyFormat;
  /** Markdown from the owner: how to pay an offline order; empty when paid by card. */
  instructions: string;
  status: string;
};

/** The mails one entry causes; the visitor's copy is sent only within its address's limit. */
export type EntryMails = { owner?: EntryMail; visitorCopy?: EntryMail };

const shownLabel = (field: EntryField) => field.label || fill(viewMessages.mailUnnamedField, field);
const shownValue = (field: EntryField) =>
  field.value === '' ? viewMessages.mailEmptyValue : field.value;

/** A rich-text answer is kept as sanitised HTML: its text in the plain part, its markup in the HTML part. */
const isRichText = (field: EntryField) => field.type === 'rich-text' && field.value !== '';

const fieldLines = (fields: readonly EntryField[]) =>
  fields
    .map(
      (f) =>
        `${shownLabel(f)}\n${isRichText(f) ? textOfHtml(htmlOf(sanitiseStoredHtml(f.value))) : shownValue(f)}`,
    )
    .join('\n\n');

const fieldBlocks = (fields: readonly EntryField[]) =>
  fields
    .map(
      (f) =>
        `<p style="margin:0 0 2px;font-weight:bold">${escapeHtml(shownLabel(f))}</p>` +
        (isRichText(f)
          ? `<div style="margin:0 0 16px">${htmlOf(sanitiseStoredHtml(f.value))}</div>`
          : `<p style="margin:0 0 16px;white-space:pre-wrap">${escapeHtml(shownValue(f))}</p>`),
    )
    .join('\n');

const htmlPage = (body: string) =>
  `<!doctype html>\n<html><body style="font-family:system-ui,-apple-system,'Segoe UI',sans-serif;font-size:15px;line-height:1.5;color:#1f2328;max-width:40em">\n${body}\n</body></html>\n`;

const htmlFooter = (lines: string[]) =>
  `<hr style="border:0;border-top:1px solid #ddd;margin:24px 0 8px"><p style="color:#666;font-size:13px">${lines.join('<br>')}</p>`;

function orderLines(order: OrderMailPart): string[] {
  const money = (amount: number) => formatAmount(amount, order.currency);
  const lines = order.summary.rows.map((row) => {
    const name = row.choice ? `${row.label}: ${row.choice}` : row.label;
    return `${name} × ${row.quantity}  ${money(row.amount)}`;
  });
  if (order.summary.coupon) {
    lines.push(
      `${fill(viewMessages.summaryCoupon, { code: order.summary.coupon.code })}  -${money(order.summary.coupon.discount)}`,
    );
  }
  lines.push(`${viewMessages.summaryTotal}  ${money(order.summary.total)}`);
  return lines;
}

const orderText = (order: OrderMailPart) =>
  `${fill(paymentMessages.mailOrderNumber, { number: order.number })}\n${fill(paymentMessages.mailOrderStatus, { status: order.status })}\n\n${orderLines(order).join('\n')}${order.instructions ? `\n\n${htmlToText(renderMarkdown(order.instructions))}` : ''}\n\n`;

function orderHtml(order: OrderMailPart): string {
  const money = (amount: number) => escapeHtml(formatAmount(amount, order.currency));
  const cell = 'style="padding:4px 12px 4px 0;border-bottom:1px solid #eee;text-align:left"';
  const right = 'style="padding:4px 0;border-bottom:1px solid #eee;text-align:right"';
  const rows = order.summary.rows.map((row) => {
    const name = row.choice ? `${row.label}: ${row.choice}` : row.label;
    return `<tr><td ${cell}>${escapeHtml(name)}</td><td ${cell}>${row.quantity}</td><td ${right}>${money(row.amount)}</td></tr>`;
  });
  if (order.summary.coupon) {
    rows.push(
      `<tr><td ${cell} colspan="2">${escapeHtml(fill(viewMessages.summaryCoupon, { code: order.summary.coupon.code }))}</td><td ${right}>-${money(order.summary.coupon.discount)}</td></tr>`,
    );
  }
  rows.push(
    `<tr><th ${cell} colspan="2">${escapeHtml(viewMessages.summaryTotal)}</th><th ${right}>${money(order.summary.total)}</th></tr>`,
  );
  const head = `<tr><th ${cell}>${escapeHtml(viewMessages.summaryItem)}</th><th ${cell}>${escapeHtml(viewMessages.summaryQuantity)}</th><th ${right}>${escapeHtml(viewMessages.summaryPrice)}</th></tr>`;
  return (
    `<p style="margin:0 0 4px;font-weight:bold">${escapeHtml(fill(paymentMessages.mailOrderNumber, { number: order.number }))}</p>` +
    `<p style="margin:0 0 12px">${escapeHtml(fill(paymentMessages.mailOrderStatus, { status: order.status }))}</p>` +
    `<table style="border-collapse:collapse;margin:0 0 16px">${head}${rows.join('')}</table>` +
    (order.instructions
      ? `<div style="margin:0 0 24px">${htmlOf(renderMarkdown(order.instructions))}</div>`
      : '')
  );
}

/**
 * The mails one entry causes, each as text and HTML: one to the site owner (to the form's own
 * recipients or, when it names none, to every administrator), with Reply-To set to the
 * visitor's address, and a copy to the visitor when the form asks for it. The copy leaves out
 * hidden fields: they are the owner's, not something the visitor typed.
 */
export function entryMails(
  definition: FormDefinition,
  fields: readonly EntryField[],
  context: { siteTitle: string; siteUrl: string; pageUrl: string; administrators: string[] },
  order?: OrderMailPart,
): EntryMails {
  const { notifications } = definition.settings;
  const mails: EntryMails = {};
  const visitorField = notifications.visitorEmailField;
  const firstEmail = fields.find((f) => f.type === 'email' && isValidEmail(f.value))?.value;
  // An order is mailed to the buyer too: at the form's visitor address, else the first one.
  const visitorEmail =
    visitorField === undefined
      ? order
        ? firstEmail
        : undefined
      : fields.find((f) => f.id === visitorField)?.value;
  const orderPartText = order ? orderText(order) : '';
  const orderPartHtml = order ? orderHtml(order) : '';
  const owners = notifications.ownerTo.length > 0 ? notifications.ownerTo : context.administrators;
  if (notifications.owner && owners.length > 0) {
    const shown = fields.filter((f) => f.type !== 'hidden' || f.value !== '');
    const page = context.pageUrl ? `${context.siteUrl}${context.pageUrl}` : context.siteUrl;
    // Split at the page first, so the HTML can link it and a title cannot move the split.
    const [beforePage = '', afterPage = ''] = serverMessages.mailOwnerFooter
      .split('{page}')
      .map((part) => fill(part, { form: definition.title, site: context.siteTitle }));
    mails.owner = {
      to: owners,
      subject: order
        ? fill(paymentMessages.mailOrderOwnerSubject, {
            number: order.number,
            form: definition.title,
          })
        : fill(notifications.ownerSubject, { form: definition.title, site: context.siteTitle }),
      text: `${orderPartText}${fieldLines(shown)}\n\n--\n${beforePage}${page}${afterPage}\n`,
      html: htmlPage(
        `${orderPartHtml}${fieldBlocks(shown)}\n${htmlFooter([
          `${escapeHtml(beforePage)}<a href="${escapeHtml(page)}">${escapeHtml(page)}</a>${escapeHtml(afterPage)}`,
        ])}`,
      ),
      ...(firstEmail ? { replyTo: firstEmail } : {}),
    };
  }
  if (visitorEmail && isValidEmail(visitorEmail)) {
    const visitorMessage = fill(notifications.visitorMessage, { site: context.siteTitle });
    const typed = fields.filter((f) => f.type !== 'hidden');
    mails.visitorCopy = {
      to: [visitorEmail],
      subject: order
        ? fill(paymentMessages.mailOrderVisitorSubject, {
            number: order.number,
            site: context.siteTitle,
          })
        : fill(notifications.visitorSubject, { form: definition.title, site: context.siteTitle }),
      text: `${visitorMessage}\n\n${orderPartText}${fieldLines(typed)}\n\n--\n${context.siteTitle}\n${context.siteUrl}\n`,
      html: htmlPage(
        `<p style="margin:0 0 24px">${escapeHtml(visitorMessage)}</p>\n${orderPartHtml}${fieldBlocks(typed)}\n${htmlFooter(
          [
            escapeHtml(context.siteTitle),
            `<a href="${escapeHtml(context.siteUrl)}">${escapeHtml(context.siteUrl)}</a>`,
          ],
        )}`,
      ),
    };
  }
  return mails;
}
