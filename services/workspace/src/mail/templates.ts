import type { OutgoingMail } from '@platform/kit';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

export function loginCodeMail(to: string, code: string, ttlMinutes: number): OutgoingMail {
  return {
    to,
    subject: `Your sign-in code: ${code}`,
    text: `Your sign-in code is ${code}. It expires in ${ttlMinutes} minutes and can be used once.\nIf you did not ask for it, ignore this e-mail.`,
    html:
      `<p>Your sign-in code is</p><p style="font-size:24px;font-weight:bold;letter-spacing:4px">${code}</p>` +
      `<p>It expires in ${ttlMinutes} minutes and can be used once. If you did not ask for it, ignore this e-mail.</p>`,
  };
}

/**
 * The invitation is always our own template, subject included: letting callers choose the
 * subject or HTML would make the platform's address a relay for their content to anyone.
 */
export function invitationMail(input: { to: string; workspaceName: string; inviterEmail: string; link: string }): OutgoingMail {
  const name = escapeHtml(input.workspaceName);
  const inviter = escapeHtml(input.inviterEmail);
  return {
    to: input.to,
    subject: `You're invited to join ${input.workspaceName.replace(/[\r\n]+/g, ' ')}`,
    text: `${input.inviterEmail} invited you to the workspace ${input.workspaceName}.\nJoin: ${input.link}`,
    html: `<p>${inviter} invited you to the workspace <b>${name}</b>.</p><p><a href="${escapeHtml(input.link)}">Join the workspace</a></p>`,
  };
}
