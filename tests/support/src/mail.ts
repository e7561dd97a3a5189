import { waitFor } from './infra';

const MAIL_WEB = process.env.MAIL_WEB_URL ?? `http://127.0.0.1:${process.env.MAIL_WEB_PORT ?? '1080'}`;

export interface ReceivedMail {
  id: string;
  subject: string;
  html: string;
  text: string;
  to: Array<{ address: string }>;
  date: string;
}

/** Mails in the local inbox (maildev REST) for one recipient, oldest first. Tests use unique addresses. */
export async function mailsTo(address: string): Promise<ReceivedMail[]> {
  const response = await fetch(`${MAIL_WEB}/email`);
  const all = (await response.json()) as ReceivedMail[];
  return all
    .filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()))
    .sort((a, b) => Date.parse(a.date) - Date.parse(b.date));
}

/** Waits for the `count`-th mail to the address and returns it. */
export async function nthMailTo(address: string, count: number): Promise<ReceivedMail> {
  return waitFor(async () => (await mailsTo(address))[count - 1], 15_000, 100);
}

export const codeIn = (mail: ReceivedMail) => /\b([0-9]{6})\b/.exec(mail.subject)![1]!;
export const linkIn = (mail: ReceivedMail) => /https?:\/\/[^\s"<]+/.exec(mail.text)![0]!;
