import { z } from 'zod';

/** One e-mail as the app hands it to the outbox; the sender's address comes from MAIL_FROM. */
export type MailMessage = {
  to: string | string[];
  subject: string;
  text: string;
  html?: string;
  replyTo?: string;
  /** Extra headers such as `List-Unsubscribe`; nodemailer folds and encodes the values. */
  headers?: Record<string, string>;
};

const address = z.string().trim().min(3).max(320);

export const mailMessageSchema: z.ZodType<MailMessage> = z.object({
  to: z.union([address, z.array(address).min(1).max(100)]),
  subject: z.string().max(998),
  text: z.string(),
  html: z.string().optional(),
  replyTo: address.optional(),
  headers: z
    .record(z.string().regex(/^[A-Za-z0-9-]+$/, 'is not a header name'), z.string())
    .optional(),
});

/** Reads a message back from its outbox row; a row that is not a message throws. */
export function parseStoredMailMessage(json: string): MailMessage {
  return mailMessageSchema.parse(JSON.parse(json));
}
