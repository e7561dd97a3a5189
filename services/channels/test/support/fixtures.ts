import { newAgentDraft, type Region } from '@platform/contracts';
import { someone, workspaceIdentity } from '@platform/test-support';
import { randomBytes } from 'node:crypto';
import type { ChannelsHarness } from './harness';

/** A person with a workspace and an agent in it, made through the real workspace and agent services. */
export async function agentOfSomeone(h: ChannelsHarness, region: Region = 'eu') {
  const person = someone('channels');
  const created = await h.agentService.workspace.as(person, region).post('/v2/workspaces', { workspaceName: 'Channels team' }).expect(201);
  const workspaceId = (created.body.data as { uid: string }).uid;
  const draft = newAgentDraft({ title: 'Channel bot', ownerID: workspaceId });
  await h.agentService.as(person, region).post(`/v2/agents/${draft.ID}`, draft).expect(200);
  return { person, workspaceId, agentId: draft.ID, secret: workspaceIdentity(workspaceId, region) };
}

/** A token shaped like BotFather's: a fresh bot id, a colon, 35 characters. */
export function botToken(botId = String(6_000_000_000 + Math.floor(Math.random() * 1_000_000_000))) {
  return `${botId}:${randomBytes(27).toString('base64url').slice(0, 35)}`;
}

/** What a sandbox user's message answered, and the update it carried. */
export async function userWrites(h: ChannelsHarness, botId: string, chatId: string, text: string) {
  const res = await fetch(`${h.telegram.url}/sandbox/bots/${botId}/messages`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chatId, text }),
  });
  return (await res.json()) as { update: { update_id: number; message: { message_id: number } }; delivery: { status: number; body: string } | null };
}

export async function sandbox<T>(h: ChannelsHarness, path: string): Promise<T> {
  return (await (await fetch(`${h.telegram.url}${path}`)).json()) as T;
}
