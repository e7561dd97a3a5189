import type { WorkspaceLogRequest } from '@platform/contracts';

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The e-mail body of a log line sent withEmail: its type, agent, channel and content, escaped. */
export function logEmail(log: Pick<WorkspaceLogRequest, 'type' | 'content' | 'agentId' | 'channel'>): string {
  const facts = [['Type', log.type], ['Agent', log.agentId], ['Channel', log.channel]].filter((fact): fact is [string, string] => Boolean(fact[1]));
  return `${facts.map(([label, value]) => `<p><strong>${label}:</strong> ${escapeHtml(value)}</p>`).join('')}<p>${escapeHtml(log.content ?? '')}</p>`;
}
