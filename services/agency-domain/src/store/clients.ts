import type { Region } from '@platform/contracts';
import type { RegionalMongo } from '@platform/kit';
import type { Collection } from 'mongodb';
import type { ClientRecord, OrganizationRecord } from '../domain/clients';
import { COLLECTION } from './collections';

/** A client's server-side session: what its cookie stands for; signing out ends it. */
export interface ClientSessionRecord {
  _id: string;
  clientId: string;
  orgId: string;
  agencyId: string;
  workspaceId: string;
  email: string;
  agencyAdmin: boolean;
  createdAt: Date;
  expiresAt: Date;
  endedAt?: Date;
}
/** An e-mailed login code (keyed hash), its expiry and wrong tries. */
export interface LoginCodeRecord {
  _id: string;
  clientId: string;
  codeHash: string;
  createdAt: Date;
  expiresAt: Date;
  attempts: number;
  usedAt?: Date;
}
/** A one-time login token (ssoClient answer, invite link): keyed hash, used once. */
export interface LoginTokenRecord {
  _id: string;
  clientId: string;
  expiresAt: Date;
  usedAt?: Date;
}
export interface ClientAnalyticsRecord {
  _id: string;
  event: 'client_created' | 'tab_click';
  agencyId: string;
  orgId: string;
  clientId: string;
  tab?: string;
  agentId?: string;
  ts: Date;
}

/** Organisations, clients and client sign-in records of one regional database. */
export class ClientStore {
  constructor(private readonly mongo: RegionalMongo) {}

  private orgs = (region: Region) => this.mongo.collection<OrganizationRecord>(region, COLLECTION.organizations);
  private clients = (region: Region) => this.mongo.collection<ClientRecord>(region, COLLECTION.clients);
  private sessions = (region: Region) => this.mongo.collection<ClientSessionRecord>(region, COLLECTION.clientSessions);
  private codes = (region: Region) => this.mongo.collection<LoginCodeRecord>(region, COLLECTION.clientLoginCodes);
  private tokens = (region: Region) => this.mongo.collection<LoginTokenRecord>(region, COLLECTION.clientLoginTokens);
  analytics = (region: Region): Collection<ClientAnalyticsRecord> => this.mongo.collection<ClientAnalyticsRecord>(region, COLLECTION.clientAnalytics);

  // Organisations
  async organization(region: Region, id: string): Promise<OrganizationRecord | null> {
    return this.orgs(region).findOne({ _id: id });
  }
  async organizationsOf(region: Region, agencyId: string): Promise<OrganizationRecord[]> {
    return this.orgs(region).find({ agencyId }).sort({ name: 1 }).toArray();
  }
  async organizationsWithAgent(region: Region, agentId: string): Promise<OrganizationRecord[]> {
    return this.orgs(region).find({ widgetIDs: agentId }).toArray();
  }
  async insertOrganization(region: Region, org: OrganizationRecord): Promise<void> {
    await this.orgs(region).insertOne(org);
  }
  async updateOrganization(region: Region, id: string, fields: Partial<OrganizationRecord>): Promise<OrganizationRecord | null> {
    return this.orgs(region).findOneAndUpdate({ _id: id }, { $set: fields }, { returnDocument: 'after' });
  }
  async addOrganizationAgent(region: Region, id: string, agentId: string): Promise<boolean> {
    return (await this.orgs(region).updateOne({ _id: id }, { $addToSet: { widgetIDs: agentId } })).matchedCount === 1;
  }
  async deleteOrganization(region: Region, id: string): Promise<void> {
    await this.clients(region).deleteMany({ orgId: id });
    await this.sessions(region).updateMany({ orgId: id, endedAt: { $exists: false } }, { $set: { endedAt: new Date() } });
    await this.orgs(region).deleteOne({ _id: id });
  }

  // Clients
  async client(region: Region, id: string): Promise<ClientRecord | null> {
    return this.clients(region).findOne({ _id: id });
  }
  async clientByEmail(region: Region, agencyId: string, email: string): Promise<ClientRecord | null> {
    return this.clients(region).findOne({ agencyId, email });
  }
  /** Clients with this e-mail in any agency of the region (a sign-in that names no agency). */
  async clientsByEmail(region: Region, email: string): Promise<ClientRecord[]> {
    return this.clients(region).find({ email }).limit(2).toArray();
  }
  async clientsOfAgency(region: Region, agencyId: string): Promise<ClientRecord[]> {
    return this.clients(region).find({ agencyId }).sort({ name: 1 }).toArray();
  }
  async clientsOfOrganization(region: Region, orgId: string): Promise<ClientRecord[]> {
    return this.clients(region).find({ orgId }).sort({ name: 1 }).toArray();
  }
  async insertClient(region: Region, client: ClientRecord): Promise<void> {
    await this.clients(region).insertOne(client);
  }
  async addClientAgent(region: Region, id: string, agentId: string): Promise<void> {
    await this.clients(region).updateOne({ _id: id }, { $addToSet: { widgetIDs: agentId } });
  }
  async updateClient(region: Region, id: string, set: Partial<ClientRecord>): Promise<ClientRecord | null> {
    return this.clients(region).findOneAndUpdate({ _id: id }, { $set: set }, { returnDocument: 'after' });
  }
  /** Unsets the push token, only while it is still `token` when given (a newer subscription stays). */
  async removePushToken(region: Region, id: string, token?: string): Promise<boolean> {
    const { modifiedCount } = await this.clients(region).updateOne({ _id: id, ...(token === undefined ? {} : { FB_PUSH_TOKEN: token }) }, { $unset: { FB_PUSH_TOKEN: '' } });
    return modifiedCount > 0;
  }
  async deleteClient(region: Region, id: string): Promise<void> {
    await this.clients(region).deleteOne({ _id: id });
    await this.endSessionsOf(region, id);
  }

  // Sessions
  async insertSession(region: Region, session: ClientSessionRecord): Promise<void> {
    await this.sessions(region).insertOne(session);
  }
  async session(region: Region, id: string): Promise<ClientSessionRecord | null> {
    return this.sessions(region).findOne({ _id: id });
  }
  async endSession(region: Region, id: string): Promise<void> {
    await this.sessions(region).updateOne({ _id: id, endedAt: { $exists: false } }, { $set: { endedAt: new Date() } });
  }
  async endSessionsOf(region: Region, clientId: string): Promise<void> {
    await this.sessions(region).updateMany({ clientId, endedAt: { $exists: false } }, { $set: { endedAt: new Date() } });
  }

  // Login codes and tokens
  async insertCode(region: Region, code: LoginCodeRecord): Promise<void> {
    await this.codes(region).insertOne(code);
  }
  async codesSince(region: Region, clientId: string, since: Date): Promise<number> {
    return this.codes(region).countDocuments({ clientId, createdAt: { $gte: since } });
  }
  /** The newest code of the client not used yet. */
  async latestCode(region: Region, clientId: string): Promise<LoginCodeRecord | null> {
    return this.codes(region).find({ clientId, usedAt: { $exists: false } }).sort({ createdAt: -1 }).limit(1).next();
  }
  async countWrongCode(region: Region, id: string): Promise<void> {
    await this.codes(region).updateOne({ _id: id }, { $inc: { attempts: 1 } });
  }
  /** Marks the code used; false when another request used it first. */
  async useCode(region: Region, id: string, now: Date): Promise<boolean> {
    return (await this.codes(region).updateOne({ _id: id, usedAt: { $exists: false } }, { $set: { usedAt: now } })).modifiedCount === 1;
  }
  async insertToken(region: Region, token: LoginTokenRecord): Promise<void> {
    await this.tokens(region).insertOne(token);
  }
  /** Uses the token once: the record when it was unused and unexpired, else null. */
  async useToken(region: Region, id: string, now: Date): Promise<LoginTokenRecord | null> {
    return this.tokens(region).findOneAndUpdate({ _id: id, usedAt: { $exists: false }, expiresAt: { $gt: now } }, { $set: { usedAt: now } }, { returnDocument: 'after' });
  }
}
