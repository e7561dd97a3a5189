import { stripAgentSecrets, type Region } from '@platform/contracts';
import { SecretBox, updateWithOutbox, type OutboxEntry, type RegionalMongo } from '@platform/kit';
import type { AgentRecord } from '../domain/agent-record';
import { mapChannelCredentials, withCredentialsFrom } from '../domain/channel-credentials';
import type { AgentVersionRecord } from '../domain/versions';
import type { Stores } from '../usecases/deps';
import { AgentStore } from './agents';
import { COLLECTION } from './collections';
import { VersionStore } from './versions';

/**
 * Agents whose channel credentials (CHANNEL_CREDENTIAL_FIELDS) are stored sealed with
 * AES-256-GCM and opened on read, so the use cases (which check access first) see them in
 * clear and the database, its dumps and backups never do.
 */
export class SealedAgentStore extends AgentStore {
  constructor(private readonly db: RegionalMongo, private readonly box: SecretBox) {
    super(db);
  }

  private seal<T extends object>(record: T): T {
    return mapChannelCredentials(record, (value) => (SecretBox.isSealed(value) ? value : this.box.seal(JSON.stringify(value))));
  }

  private open<T extends object>(record: T): T {
    return mapChannelCredentials(record, (value) => (SecretBox.isSealed(value) ? JSON.parse(this.box.open(value)) : value));
  }

  override async find(region: Region, agentId: string) {
    const record = await super.find(region, agentId);
    return record && this.open(record);
  }

  override insert(region: Region, record: AgentRecord, events: OutboxEntry[], now?: Date): Promise<boolean> {
    return super.insert(region, this.seal(record), events, now);
  }

  /** Only the fields a save changed are sealed: sealing is randomised, so a sealed copy of an unchanged credential would differ and be written again (ADR 0035). */
  protected override storedFields<T extends object>(fields: T): T {
    return this.seal(fields);
  }

  /**
   * A new SECRET_API_KEY, only if nobody saved since `seen` (the save counter moves on, so a
   * save that read the old key cannot write it back). false: someone else saved first.
   */
  async rotateSecretKey(region: Region, seen: AgentRecord, secretKey: string, events: OutboxEntry[]): Promise<boolean> {
    const result = await this.db
      .collection<AgentRecord>(region, COLLECTION.agents)
      // Agents written before the counter existed have none.
      .updateOne(
        { _id: seen._id, _version: seen._version === undefined ? { $exists: false } : seen._version },
        updateWithOutbox<AgentRecord>({ $set: { SECRET_API_KEY: secretKey, _version: (seen._version ?? 0) + 1 } }, events),
      );
    return result.modifiedCount === 1;
  }
}

/** Kept versions and backups hold no secrets; reading one back for a restore fills in the agent's current credentials. */
export class CredentialFreeVersionStore extends VersionStore {
  constructor(mongo: RegionalMongo, private readonly agents: AgentStore) {
    super(mongo);
  }

  override add(region: Region, record: AgentVersionRecord): Promise<void> {
    return super.add(region, { ...record, agent: stripAgentSecrets(record.agent) });
  }

  override async find(region: Region, agentId: string, versionId: string) {
    const version = await super.find(region, agentId, versionId);
    const current = version && (await this.agents.find(region, agentId));
    return version && current ? { ...version, agent: withCredentialsFrom(version.agent, current) } : version;
  }
}

export interface ProtectedStores extends Stores {
  agents: SealedAgentStore;
}

/** The agent service's stores with channel credentials sealed at rest and kept out of history (ADR 0009). */
export function protectedStores(mongo: RegionalMongo, channelCredentialsKey: string): ProtectedStores {
  const agents = new SealedAgentStore(mongo, new SecretBox(channelCredentialsKey));
  return { agents, versions: new CredentialFreeVersionStore(mongo, agents) };
}
