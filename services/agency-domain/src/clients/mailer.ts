import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string;
  subject: string;
  html: string;
  fromDisplayName?: string;
  replyTo?: string;
  /** nodemailer attachments (e.g. base64 content with encoding 'base64') */
  attachments?: Array<{ filename: string; content: string; encoding: 'base64' }>;
}

export interface Mailer {
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}

/** SMTP through nodemailer (locally the maildev inbox); the display name replaces the sender's. */
export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  const address = /<([^>]+)>/.exec(from)?.[1] ?? from;
  return {
    async send({ fromDisplayName, ...mail }) {
      await transport.sendMail({ from: fromDisplayName ? { name: fromDisplayName, address } : from, ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
