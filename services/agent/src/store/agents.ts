import type { Region } from '@platform/contracts';
import { OUTBOX_PROJECTION, insertWithOutbox, isDuplicateKey, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import { AGENT_LIST_PROJECTION, replacement, type AgentRecord } from '../domain/agent-record';
import { sameJson } from '../domain/json';
import { COLLECTION } from './collections';

/** Agent documents. A creation carries its new-agent event in the same write (outbox, ADR 0003). */
export class AgentStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private agents(region: Region) {
    return this.mongo.collection<AgentRecord>(region, COLLECTION.agents);
  }

  find(region: Region, agentId: string) {
    return this.agents(region).findOne({ _id: agentId }, { projection: OUTBOX_PROJECTION });
  }

  findBySecretKey(region: Region, key: string) {
    return this.agents(region).findOne({ SECRET_API_KEY: key }, { projection: { _id: 1 } });
  }

  /** A workspace's agents, list fields only, newest first. */
  listForWorkspace(region: Region, workspaceId: string) {
    return this.agents(region).find({ userId: workspaceId }, { projection: { ...AGENT_LIST_PROJECTION, _id: 0 }, sort: { lastModified: -1, _id: 1 } }).toArray();
  }

  /** The workspace's agents with their voice tools (the Functions page), newest first. */
  toolsForWorkspace(region: Region, workspaceId: string) {
    return this.agents(region)
      .find({ userId: workspaceId }, { projection: { _id: 0, ID: 1, title: 1, enableNodes: 1, tools: 1 }, sort: { lastModified: -1, _id: 1 } })
      .toArray() as Promise<Array<Pick<AgentRecord, 'ID' | 'title' | 'enableNodes' | 'tools'>>>;
  }

  /** The workspace's agents with their system prompts (the Prompts page), newest first. */
  promptsForWorkspace(region: Region, workspaceId: string) {
    return this.agents(region)
      .find({ userId: workspaceId }, { projection: { _id: 0, ID: 1, title: 1, vg_systemPrompt: 1 }, sort: { lastModified: -1, _id: 1 } })
      .toArray() as Promise<Array<Pick<AgentRecord, 'ID' | 'title' | 'vg_systemPrompt'>>>;
  }

  /** false when an agent with this id already exists (a concurrent create won). */
  async insert(region: Region, record: AgentRecord, events: OutboxEntry[], now = new Date()): Promise<boolean> {
    try {
      await this.agents(region).insertOne(insertWithOutbox(record, events, now));
      return true;
    } catch (err) {
      if (isDuplicateKey(err) && (await this.find(region, record._id))) return false;
      throw err;
    }
  }

  /** Fields as the collection holds them (the sealed store seals channel credentials). */
  protected storedFields<T extends object>(fields: T): T {
    return fields;
  }

  /**
   * Replaces the agent's fields with `next`'s, only if nobody saved since `seen` was read
   * (its save counter); the outbox fields are left alone. false: someone else saved first.
   */
  async replace(region: Region, seen: AgentRecord, next: AgentRecord): Promise<boolean> {
    const { $set: all, $unset } = replacement(seen, next);
    // Only the fields that changed (compared as the service sees them, before storedFields): the guard below makes `seen` the stored document.
    const $set = this.storedFields(Object.fromEntries(Object.entries(all).filter(([key, value]) => !sameJson(value, (seen as Record<string, unknown>)[key]))));
    const update = Object.keys($unset).length ? { $set, $unset } : { $set };
    // Agents written before the counter existed have none.
    const guard = seen._version === undefined ? { $exists: false } : seen._version;
    const result = await this.agents(region).updateOne({ _id: seen._id, _version: guard }, update);
    return result.modifiedCount === 1;
  }
}
