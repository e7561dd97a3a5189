import nodemailer from 'nodemailer';
import type { MailDelivery } from '@platform/contracts';

export interface OutgoingMail {
  to: string | string[];
  subject: string;
  html: string;
  text?: string;
  /** Replaces the sender's display name (an agency's brand), the address stays the platform's. */
  fromDisplayName?: string;
  replyTo?: string;
  /** nodemailer attachments (e.g. base64 content with encoding 'base64') */
  attachments?: Array<{ filename: string; content: string; encoding: 'base64' }>;
}

export interface Mailer {
  /** What the mail server reported (a stand-in mailer may report nothing). */
  send(mail: OutgoingMail): Promise<MailDelivery | void>;
  close(): Promise<void>;
}

/** The mail server permanently refused the recipient address: a bad input, not an outage. */
export class RecipientRefused extends Error {}

/** nodemailer's error for a 5xx answer to RCPT TO (e.g. 501 bad address syntax, 550 no such mailbox). */
export const isRecipientRefusal = (err: unknown) => {
  const { code, responseCode } = (err ?? {}) as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500;
};

/** SMTP through nodemailer (locally the maildev inbox), the one way every service sends e-mail. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return {
    async send({ fromDisplayName, to, ...mail }) {
      try {
        const info = await transport.sendMail({ from: fromDisplayName ? { name: fromDisplayName, address } : from, to: Array.isArray(to) ? to.join(', ') : to, ...mail });
        const addresses = (list: Array<string | { address: string }> | undefined) => (list ?? []).map((entry) => (typeof entry === 'string' ? entry : entry.address));
        return { messageId: info.messageId, accepted: addresses(info.accepted), rejected: addresses(info.rejected) };
      } catch (err) {
        if (isRecipientRefusal(err)) throw new RecipientRefused((err as Error).message);
        throw err;
      }
    },
    async close() {
      transport.close();
    },
  };
}
