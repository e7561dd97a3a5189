/*
 * Leads: an e-mail address or a phone number a person leaves in a conversation. Found in
 * what the person wrote, never in the agent's answers.
 */

const EMAIL = /[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}/g;
// Digits with optional +, spaces, dots, dashes and brackets; 7 to 15 digits (E.164's maximum).
const PHONE = /(?:\+|\b)\d[\d\s().-]{5,20}\d\b/g;

export interface FoundLeads {
  emails: string[];
  phones: string[];
}

const unique = (values: string[]) => [...new Set(values)];

export function findLeads(text: string): FoundLeads {
  const emails = unique((text.match(EMAIL) ?? []).map((email) => email.toLowerCase()));
  const withoutEmails = text.replace(EMAIL, ' ');
  const phones = unique(
    (withoutEmails.match(PHONE) ?? [])
      .map((candidate) => (candidate.trim().startsWith('+') ? '+' : '') + candidate.replace(/\D/g, ''))
      .filter((phone) => {
        const digits = phone.replace('+', '').length;
        return digits >= 7 && digits <= 15;
      }),
  );
  return { emails, phones };
}
