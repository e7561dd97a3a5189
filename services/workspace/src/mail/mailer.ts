import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  text: string;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** The mail server permanently refused the recipient address: a bad input, not an outage. */
export class RecipientRefused extends Error {}

/** nodemailer's error for a 5xx answer to RCPT TO (e.g. 501 bad address syntax, 550 no such mailbox). */
export const isRecipientRefusal = (err: unknown) => {
  const { code, responseCode } = (err ?? {}) as { code?: string; responseCode?: number };
  return code === 'EENVELOPE' && typeof responseCode === 'number' && responseCode >= 500;
};

/** SMTP through nodemailer (locally the maildev inbox). */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      try {
        await transport.sendMail({ from, ...mail });
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
