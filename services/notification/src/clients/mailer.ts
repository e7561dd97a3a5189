import nodemailer from 'nodemailer';

export interface OutgoingMail {
  to: string[];
  subject: string;
  html: string;
  fromDisplayName?: string;
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
    async send({ fromDisplayName, to, ...mail }) {
      await transport.sendMail({ from: fromDisplayName ? { name: fromDisplayName, address } : from, to: to.join(', '), ...mail });
    },
    async close() {
      transport.close();
    },
  };
}
