import { AGENT_LIST_FIELDS, type AgentListItem, type AgentSettings } from '@platform/contracts';
import type { OutboxFields } from '@platform/kit';

/** An agent as the API shows it: the spec's settings, ID always present. */
export type AgentView = AgentSettings & { ID: string; [key: string]: unknown };

/**
 * An agent document (collection voiceglow, `_id` = ID). `userId` and `ownerID` both hold
 * the owning workspace's uid (agents-channels-domains §3: "ownerID: the workspace id").
 * Fields starting with `_` are the service's own and never leave it.
 */
export interface AgentRecord extends AgentView, OutboxFields {
  _id: string;
  userId: string;
  ownerID: string;
  SECRET_API_KEY: string;
  lastModified: number;
  /** Save counter; version n of the history is the agent after its n-th save. */
  _version: number;
}

const isInternalKey = (key: string) => key.startsWith('_');

/** The agent without the service's own fields. */
export function agentView(record: AgentRecord | AgentView): AgentView {
  return Object.fromEntries(Object.entries(record).filter(([key]) => !isInternalKey(key))) as AgentView;
}

/** The fields of GET /v2/agents. */
export function agentListItem(record: Partial<AgentRecord>): AgentListItem {
  const item: Record<string, unknown> = {};
  for (const field of AGENT_LIST_FIELDS) if (record[field] !== undefined) item[field] = record[field];
  return item as AgentListItem;
}
export const AGENT_LIST_PROJECTION = Object.fromEntries(AGENT_LIST_FIELDS.map((field) => [field, 1]));

/** Fields only the service sets: the owner, the secret key, the save time. */
interface ServerFields {
  ID: string;
  workspaceId: string;
  secretKey: string;
  /** unix seconds */
  now: number;
  version: number;
}

/** The document a save writes: the caller's agent with the server's own fields on top. */
export function agentRecord(agent: AgentSettings, server: ServerFields): AgentRecord {
  const fields = Object.fromEntries(Object.entries(agent).filter(([key]) => !isInternalKey(key)));
  return {
    ...fields,
    _id: server.ID,
    ID: server.ID,
    userId: server.workspaceId,
    ownerID: server.workspaceId,
    SECRET_API_KEY: server.secretKey,
    lastModified: server.now,
    _version: server.version,
  };
}

/**
 * The update that turns `seen` into `next` without touching the outbox: every field of
 * `next` is set, every field of `seen` that `next` lacks is unset (a save replaces the agent).
 */
export function replacement(seen: AgentRecord, next: AgentRecord): { $set: Record<string, unknown>; $unset: Record<string, ''> } {
  const { _id, ...set } = next;
  const $unset: Record<string, ''> = {};
  for (const key of Object.keys(seen)) if (!isInternalKey(key) && !(key in next)) $unset[key] = '';
  return { $set: set, $unset };
}
