/**
 * Every repository query of every service, explained on the local store: a full scan of a
 * collection fails the test, because its cost would grow with every tenant's data instead
 * of the tenant's own (ADR 0006). The queries are discovered by running each store class's
 * methods against a recording RegionalMongo; a method added to a store without a call here
 * fails the coverage check, so the list below stays complete.
 */
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import type { Collection, Document } from 'mongodb';
import { OutboxRelay, RateLimiter, RegionalMongo, SecretBox, catalogOutboxEntry, createLogger, type CollectionIndexes } from '@platform/kit';
import { AgentStore } from '../../services/agent/src/store/agents';
import { ConversationStore } from '../../services/agent/src/store/conversations';
import { INDEXES as AGENT_INDEXES } from '../../services/agent/src/store/collections';
import { GridFsFileStorage } from '../../services/agent/src/store/files-storage';
import { CredentialFreeVersionStore, SealedAgentStore } from '../../services/agent/src/store/sealed-stores';
import { ThemeStore } from '../../services/agent/src/store/themes';
import { VersionStore } from '../../services/agent/src/store/versions';
import { AccountStore } from '../../services/workspace/src/store/accounts';
import { COLLECTION as WORKSPACE_COLLECTION, INDEXES as WORKSPACE_INDEXES } from '../../services/workspace/src/store/collections';
import { InvitationStore } from '../../services/workspace/src/store/invitations';
import { LoginCodeStore } from '../../services/workspace/src/store/login-codes';
import { SessionStore } from '../../services/workspace/src/store/sessions';
import { WorkspaceStore } from '../../services/workspace/src/store/workspaces';
import { INDEXES as CHANNELS_INDEXES } from '../../services/channels/src/store/collections';
import { DiscordChannelStore } from '../../services/channels/src/store/discord-channels';
import { DiscordGatewayLeaseStore } from '../../services/channels/src/store/discord-gateway-lease';
import { SentReplyStore } from '../../services/channels/src/store/sent-replies';
import { TelegramBotStore } from '../../services/channels/src/store/telegram-bots';
import { WhatsappNumberStore } from '../../services/channels/src/store/whatsapp-numbers';
import { MetaPageStore } from '../../services/channels/src/store/meta-pages';
import { TwilioNumberStore } from '../../services/channels/src/store/twilio-numbers';
import { CampaignStore } from '../../services/channels/src/store/campaigns';

import { AgencyStore } from '../../services/agency-domain/src/store/agencies';
import { INDEXES as AGENCY_INDEXES } from '../../services/agency-domain/src/store/collections';

import { BillingAccountStore } from '../../services/billing/src/store/billing-accounts';
import { INDEXES as BILLING_INDEXES } from '../../services/billing/src/store/collections';
import { CreditAccountStore } from '../../services/billing/src/store/credit-accounts';
import { CreditLogStore } from '../../services/billing/src/store/credit-logs';
import { AgencyConnectStore } from '../../services/billing/src/store/agency-connect';
import { CreditTransferStore } from '../../services/billing/src/store/credit-transfers';
import { OrganizationBillingStore } from '../../services/billing/src/store/organization-billing';
import { ORGANIZATION_INDEXES } from '../../services/billing/src/store/organization-collections';
import { ClientStore } from '../../services/agency-domain/src/store/clients';
import { INDEXES as NOTIFICATION_INDEXES } from '../../services/notification/src/store/collections';
import { DeliveryStore } from '../../services/notification/src/store/deliveries';
import { NotificationStore } from '../../services/notification/src/store/notifications';
import { WorkspaceLogStore } from '../../services/notification/src/store/workspace-logs';
import { KnowledgeChunkStore } from '../../services/agent/src/knowledge/store/chunks';
import { KnowledgeSourceStore, NOT_DUE } from '../../services/agent/src/knowledge/store/sources';
import { StoreVectorIndex } from '../../services/agent/src/knowledge/store/vector-index';


const INDEXES: CollectionIndexes[] = [...AGENT_INDEXES, ...WORKSPACE_INDEXES, ...CHANNELS_INDEXES, ...AGENCY_INDEXES, ...BILLING_INDEXES,
  ...ORGANIZATION_INDEXES, ...NOTIFICATION_INDEXES];

/** Classes in a store directory that read no database themselves, with the reason. */
const NOT_STORES: Record<string, string> = {
  FlatVectorIndex: 'an in-memory matrix of vectors, built from what KnowledgeChunkStore read',
};

/** The store directories under a service's src: src/store and a module's own (e.g. src/knowledge/store). */
function storeDirectories(dir: string): string[] {
  let entries;
  try {
    entries = readdirSync(dir, { withFileTypes: true }).filter((entry) => entry.isDirectory());
  } catch {
    return []; // a service without sources
  }
  return entries.flatMap((entry) => {
    const child = path.join(dir, entry.name);
    return entry.name === 'store' ? [child, ...storeDirectories(child)] : storeDirectories(child);
  });
}

/** Stores the kit lends the services (the kit has no store directory). */
const KIT_STORES = ['RateLimiter'];

/** Every class (but errors and NOT_STORES) that a store directory of a service exports, and the kit's stores: each must be run below. */
function storeClassesOfEveryService(): string[] {
  const services = path.resolve(__dirname, '../../services');
  const names: string[] = [];
  for (const service of readdirSync(services)) {
    for (const dir of storeDirectories(path.join(services, service, 'src'))) {
      for (const file of readdirSync(dir).filter((name) => name.endsWith('.ts'))) {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const exported = require(path.join(dir, file)) as Record<string, unknown>;
        for (const [name, value] of Object.entries(exported)) {
          const isClass = typeof value === 'function' && /^class\s/.test(Function.prototype.toString.call(value));
          // (error types a store throws are not stores)
          if (isClass && !((value as { prototype: unknown }).prototype instanceof Error) && !(name in NOT_STORES)) names.push(name);
        }
      }
    }
  }
  return [...names, ...KIT_STORES].sort();
}

/**
 * Queries allowed to read a whole collection, with the reason. Keep this list short: each
 * entry is a query whose cost follows everyone's data.
 */
const FULL_SCAN_ALLOWED: Array<{ collection: string; reason: string; matches: (filter: Document) => boolean }> = [
  {
    collection: 'uploads.files',
    reason: "the hourly sweep of every tenant's expired temporary uploads (a dot-path filter is not pushed down)",
    matches: (filter) => 'metadata.temporary' in filter,
  },
];

/** Documents of other tenants in every collection, so the planner sees a populated table. */
const BACKGROUND = 2_000;

interface RecordedQuery {
  collection: string;
  method: string;
  filter: Document;
  sort?: Document;
}

const QUERY_METHODS = new Set([
  'find', 'findOne', 'findOneAndUpdate', 'findOneAndDelete', 'findOneAndReplace', 'updateOne', 'updateMany',
  'replaceOne', 'deleteOne', 'deleteMany', 'countDocuments',
]);

/** A RegionalMongo whose collections record the filter (and sort) of every query they run. */
function recording(mongo: RegionalMongo, queries: RecordedQuery[]): RegionalMongo {
  const collection = mongo.collection.bind(mongo);
  mongo.collection = ((region, name) =>
    new Proxy(collection(region, name), {
      get(target, prop, receiver) {
        const value = Reflect.get(target, prop, receiver) as unknown;
        if (typeof value !== 'function' || typeof prop !== 'string' || !QUERY_METHODS.has(prop)) return value;
        return (filter: Document = {}, ...rest: Array<Document | undefined>) => {
          const options = (prop.startsWith('update') || prop.startsWith('replace') || prop === 'findOneAndUpdate' ? rest[1] : rest[0]) ?? {};
          queries.push({ collection: name, method: prop, filter, sort: options.sort as Document | undefined });
          return (value as (...args: unknown[]) => unknown).call(target, filter, ...rest);
        };
      },
    })) as RegionalMongo['collection'];
  return mongo;
}

/** Records which of the store's methods ran (private helpers included, through `this`). */
function tracked<T extends object>(store: T, called: Set<string>): T {
  return new Proxy(store, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value === 'function' && typeof prop === 'string') called.add(prop);
      return value;
    },
  });
}

function methodsOf(store: object): string[] {
  const prototype = Object.getPrototypeOf(store) as object;
  return Object.getOwnPropertyNames(prototype).filter(
    (name) => name !== 'constructor' && typeof Object.getOwnPropertyDescriptor(prototype, name)?.value === 'function',
  );
}

/** The plan nodes PostgreSQL reports (FerretDB's pg backend explains with EXPLAIN (FORMAT JSON)). */
function planNodes(plan: unknown): Array<{ type: string; relation?: string; index?: string }> {
  const nodes: Array<{ type: string; relation?: string; index?: string }> = [];
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!node || typeof node !== 'object') return;
    const record = node as Record<string, unknown>;
    if (typeof record['Node Type'] === 'string') {
      nodes.push({ type: record['Node Type'], relation: record['Relation Name'] as string, index: record['Index Name'] as string });
    }
    Object.values(record).forEach(visit);
  };
  visit(plan);
  return nodes;
}

describe('every repository query uses an index on the local store', () => {
  const suffix = randomBytes(4).toString('hex');
  const base = process.env.TEST_MONGO_URL ?? 'mongodb://127.0.0.1:27017';
  const queries: RecordedQuery[] = [];
  const coverage = new Map<string, { called: Set<string>; methods: string[] }>();
  let mongo: RegionalMongo;

  const store = <T extends object>(name: string, instance: T): T => {
    const called = new Set<string>();
    coverage.set(name, { called, methods: methodsOf(instance) });
    return tracked(instance, called);
  };

  beforeAll(async () => {
    mongo = await new RegionalMongo({ eu: `${base}/t_${suffix}_eu`, na: `${base}/t_${suffix}_na` }).connect();
    await mongo.ensureIndexes(INDEXES);
    for (const { collection } of INDEXES) {
      const target = mongo.collection('eu', collection);
      await target.insertMany(Array.from({ length: BACKGROUND }, (_, i) => ({ _id: `background-${i}`, background: i }) as Document));
      // FerretDB's compact is VACUUM ANALYZE on PostgreSQL: the planner gets the table's statistics.
      await mongo.db('eu').command({ compact: collection });
    }
    recording(mongo, queries);
    await runEveryStoreMethod();
  });

  afterAll(async () => {
    for (const region of mongo.regions()) await mongo.db(region).dropDatabase();
    await mongo.close();
  });

  /** Each store method once, with plausible arguments (region eu). */
  async function runEveryStoreMethod() {
    const region = 'eu' as const;
    const now = new Date();

    const agents = store('AgentStore', new AgentStore(mongo));
    const agent = { _id: 'agent-1', userId: 'ws-1', SECRET_API_KEY: 'key-1', lastModified: now, _version: 1 } as never;
    await agents.insert(region, agent, []);
    await agents.find(region, 'agent-1');
    await agents.findBySecretKey(region, 'key-1');
    await agents.listForWorkspace(region, 'ws-1');
    await agents.toolsForWorkspace(region, 'ws-1');
    await agents.promptsForWorkspace(region, 'ws-1');
    await agents.replace(region, agent, { ...(agent as object), name: 'renamed' } as never);

    const sealed = store('SealedAgentStore', new SealedAgentStore(mongo, new SecretBox('explain-test-channel-credentials-key')));
    const sealedAgent = { ...(agent as object), _id: 'agent-2', SECRET_API_KEY: 'key-2' } as never;
    await sealed.insert(region, sealedAgent, []);
    await sealed.find(region, 'agent-2');
    await sealed.replace(region, sealedAgent, { ...(sealedAgent as object), name: 'renamed' } as never);
    await sealed.rotateSecretKey(region, (await sealed.find(region, 'agent-2'))!, 'key-3', []);

    const versions = store('VersionStore', new VersionStore(mongo));
    await versions.add(region, { _id: 'version-1', agentId: 'agent-1', version: 1, createdAt: now } as never);
    await versions.list(region, 'agent-1', 20);
    await versions.find(region, 'agent-1', 'version-1');
    await versions.markBackup(region, 'agent-1', 1, { url: 'backup' } as never);

    const credentialFree = store('CredentialFreeVersionStore', new CredentialFreeVersionStore(mongo, new AgentStore(mongo)));
    await credentialFree.add(region, { _id: 'version-2', agentId: 'agent-1', version: 2, createdAt: now, agent } as never);
    await credentialFree.find(region, 'agent-1', 'version-2');

    const themes = store('ThemeStore', new ThemeStore(mongo));
    await themes.insert(region, { ID: 'theme-1', ownerID: 'ws-1', createdAt: now, nineColorPallet: [[1, 2, 3]] } as never);
    await themes.countForOwner(region, 'ws-1');
    await themes.listForOwner(region, 'ws-1', 10);

    const files = store('GridFsFileStorage', new GridFsFileStorage(mongo));
    await files.put(region, 'file-1.txt', Buffer.from('bytes'), 'text/plain', { temporary: true });
    const stored = await files.get(region, 'file-1.txt');
    stored?.stream.destroy();
    await files.delete(region, 'file-1.txt');
    await files.deleteTemporary(region, now);

    const conversations = store('ConversationStore', new ConversationStore(mongo));
    const conversation = { _id: 'conversation-1', agentId: 'agent-1', workspaceId: 'ws-1', channel: 'web', recorded: true } as const;
    const answer = { conversation, messageId: 'message-1', messages: [{ role: 'user' as const, content: 'hi', ts: 1 }], leads: [], countsAsMessage: true, at: 1, events: [] };
    await conversations.recordAnswer(region, answer);
    await conversations.recordAnswer(region, answer);
    await conversations.find(region, 'conversation-1');
    await conversations.listForAgent(region, 'agent-1', 200);
    await conversations.listForWorkspace(region, 'ws-1', 500);
    await conversations.addAgentTokens(region, 'agent-1', 10);
    await conversations.agentTokens(region, 'agent-1');

    const workspaces = store('WorkspaceStore', new WorkspaceStore(mongo));
    const workspace = { _id: 'ws-1', uid: 'ws-1', region, ownerUserId: 'user-1', workspaceSecret: 'secret-1', workspaceEmails: [], joinedAt: now } as never;
    await workspaces.insert(workspace, []);
    await workspaces.insertIfMissing({ ...(workspace as object), _id: 'ws-2', uid: 'ws-2', workspaceSecret: 'secret-2' } as never, []);
    await workspaces.find(region, 'ws-1');
    await workspaces.findBySecret(region, 'secret-1');
    await workspaces.listForUser(region, { userId: 'user-1', email: 'member@example.com' });
    await workspaces.update(region, 'ws-1', { name: 'renamed' }, []);
    await workspaces.addMember(workspace, 'member@example.com', []);
    await workspaces.removeMember(region, 'ws-1', 'member@example.com', []);
    await workspaces.tombstone(workspace, []);

    const accounts = store('AccountStore', new AccountStore(mongo, region));
    await accounts.insert({ _id: 'user-1', email: 'owner@example.com' } as never);
    await accounts.findByEmail('owner@example.com');
    await accounts.findById('user-1');
    await accounts.setPasswordHash('user-1', 'hash', []);

    const sessions = store('SessionStore', new SessionStore(mongo, region));
    const later = new Date(now.getTime() + 60_000);
    await sessions.insert({ _id: 'session-1', userId: 'user-1', createdAt: now, expiresAt: later });
    await sessions.insert({ _id: 'session-2', userId: 'user-1', createdAt: now, expiresAt: later });
    await sessions.isActive('session-1', 'user-1', now);
    await sessions.end('session-1', 'user-1', now, []);
    await sessions.endOthers('user-1', 'session-1');
    await sessions.pruneExpired('user-1', now);

    const invitations = store('InvitationStore', new InvitationStore(mongo));
    await invitations.insert(region, { _id: 'invitation-1', uid: 'ws-1', email: 'member@example.com' } as never);
    await invitations.find(region, 'invitation-1');
    await invitations.markAccepted(region, 'invitation-1', now);
    await invitations.removePending(region, 'ws-1', 'member@example.com');
    await invitations.remove(region, 'invitation-1');

    const codes = store('LoginCodeStore', new LoginCodeStore(mongo, region));
    await codes.insert({ _id: 'code-1', email: 'owner@example.com', createdAt: now, expiresAt: new Date(now.getTime() + 60_000), attempts: 0 } as never);
    await codes.recent('owner@example.com', 5);
    await codes.claimAttempt('code-1', 5, now);
    await codes.markUsed('code-1', now);
    await codes.pruneOlderThan('owner@example.com', now);
    await codes.remove('code-1');

    const limits = store('RateLimiter', new RateLimiter(mongo, WORKSPACE_COLLECTION.rateLimits));
    await limits.take(region, 'limit-1', { limit: 1, windowSeconds: 60 });
    await limits.take(region, 'limit-1', { limit: 1, windowSeconds: 60 });
    await limits.exhausted(region, 'limit-1', { limit: 1, windowSeconds: 60 });
    await limits.reset(region, 'limit-1');

    const bots = store('TelegramBotStore', new TelegramBotStore(mongo, new SecretBox('explain-test-channel-credentials-key')));
    const bot = { agentId: 'agent-1', botId: '123', botToken: '123:token', webhookUrl: 'https://x', webhookSecretSha256: 'a'.repeat(64), workspaceId: 'ws-1', createdAt: now };
    await bots.save(region, bot, []);
    await bots.save(region, { ...bot, agentId: 'agent-2' }, []);
    await bots.listForAgent(region, 'agent-2');
    await bots.webhookSecrets(region, 'agent-2');
    await bots.find(region, '123');
    await bots.remove(region, 'agent-2', '123');

    const discord = store('DiscordChannelStore', new DiscordChannelStore(mongo));
    await discord.insert(region, { ID: 'discord-1', agentID: 'agent-1', channelId: 'c', webhookUrl: 'https://x', workspaceId: 'ws-1', createdAt: now }, []);
    await discord.listForAgent(region, 'agent-1');
    await discord.find(region, 'discord-1');
    await discord.connectedTo('c');
    await discord.remove(region, 'agent-1', 'discord-1');
    const discordLease = store('DiscordGatewayLeaseStore', new DiscordGatewayLeaseStore(mongo, region));
    await discordLease.claim('replica-1', 30_000);
    await discordLease.claim('replica-2', 30_000);
    await discordLease.release('replica-1', undefined);

    const numbers = store('WhatsappNumberStore', new WhatsappNumberStore(mongo, new SecretBox('explain-test-channel-credentials-key')));
    const number = { agentId: 'agent-1', wabaId: 'waba-1', phoneId: 'phone-1', phoneNumber: '+1 555', longAccessToken: 'EAAL', workspaceId: 'ws-1', createdAt: now };
    await numbers.save(region, number, []);
    await numbers.save(region, { ...number, agentId: 'agent-2' }, []);
    await numbers.listForAgent(region, 'agent-2');
    await numbers.listForWorkspace(region, 'ws-1');
    await numbers.connectedAmong(region, ['phone-1', 'phone-2']);
    await numbers.find(region, 'phone-1');
    await numbers.remove(region, 'agent-2', 'phone-1');

    const metaPages = store('MetaPageStore', new MetaPageStore(mongo, new SecretBox('explain-test-channel-credentials-key')));
    const page = { agentId: 'agent-1', pageId: 'page-1', pageName: 'Page', igPageName: 'page', igPageId: 'ig-1', pageAccessToken: 'EAAP', workspaceId: 'ws-1', createdAt: now };
    await metaPages.save(region, page, []);
    await metaPages.save(region, { ...page, agentId: 'agent-2' }, []);
    await metaPages.listForAgent(region, 'agent-2');
    await metaPages.listForWorkspace(region, 'ws-1');
    await metaPages.findAnywhere('pageId', 'page-1');
    await metaPages.findAnywhere('igPageId', 'ig-1');
    await metaPages.find(region, 'page-1');
    await metaPages.remove(region, 'agent-2', 'page-1');

    const twilioNumbers = store('TwilioNumberStore', new TwilioNumberStore(mongo, new SecretBox('explain-test-channel-credentials-key')));
    const twilioNumber = { _id: 'number-1', workspaceId: 'ws-1', phoneNumber: '+14155550100', sid: 'PN1', friendlyName: '(415) 555-0100', agentId: null, source: 'imported' as const, accountSid: 'AC1', authToken: 'token', createdAt: now };
    await twilioNumbers.insert(region, twilioNumber);
    await twilioNumbers.insert(region, { ...twilioNumber, _id: 'number-2' });
    await twilioNumbers.listForWorkspace(region, 'ws-1');
    await twilioNumbers.countBought(region, 'ws-1');
    await twilioNumbers.find(region, 'ws-1', 'number-1');
    await twilioNumbers.findForCall(region, 'number-1');
    await twilioNumbers.setAgent(region, 'ws-1', 'number-1', 'agent-1');
    await twilioNumbers.remove(region, 'ws-1', 'number-1');

    const campaigns = store('CampaignStore', new CampaignStore(mongo));
    await campaigns.create(region, { ID: 'campaign-1', agentId: 'agent-1', workspaceId: 'ws-1', name: 'Spring', phoneId: 'phone-1', templateName: 'spring_offer', templateLanguage: 'en_US', createdAt: now, phones: ['+1 555 0100', '+1 555 0101'] });
    await campaigns.listForAgent(region, 'agent-1');
    await campaigns.find(region, 'agent-1', 'campaign-1');
    await campaigns.acquire(region, 'campaign-1', now, new Date(now.getTime() + 30_000));
    await campaigns.renew(region, 'campaign-1', new Date(now.getTime() + 60_000));
    await campaigns.abandoned(region, now);
    await campaigns.failInterrupted(region, 'campaign-1');
    const [recipient] = await campaigns.pending(region, 'campaign-1');
    await campaigns.claim(region, recipient!.id);
    await campaigns.settle(region, recipient!.id, { status: 'sent' });
    await campaigns.finish(region, 'campaign-1', 'sent');

    const replies = store('SentReplyStore', new SentReplyStore(mongo));
    await replies.claim(region, 'reply-1');
    await replies.release(region, 'reply-1');
    const agencies = store('AgencyStore', new AgencyStore(mongo));
    const agency = { _id: 'agency-1', ID: 'agency-1', userId: 'ws-1', name: 'Agency' } as never;
    await agencies.ensure(region, agency);
    await agencies.byOwner(region, 'ws-1');
    await agencies.find(region, 'agency-1');
    await agencies.merge(region, 'agency-1', { VGsubDomain: 'a.localhost', isVerifiedSubDomain: true }, [], { addAnnounced: 'a.localhost' });
    await agencies.unset(region, 'agency-1', ['customDomain']);
    await agencies.othersUsingHost(region, 'a.localhost', 'agency-1');
    await agencies.byVerifiedHost(region, 'b.localhost');
    await agencies.remindDns(region, { agencyId: 'agency-1', domain: 'a.localhost' });
    await agencies.retire(region, ['agency-1'], 'deleted-ws-1');
    const creditAccounts = store('CreditAccountStore', new CreditAccountStore(mongo));
    await creditAccounts.applyConsumptions(region, 'ws-1', 0, undefined, 5, -3, now);
    await creditAccounts.applyConsumptions(region, 'ws-1', 0, 5, 9, -1, now);
    await creditAccounts.applyGrant(region, 'ws-1', 'top-up:pi_1', 5000, now);
    await creditAccounts.find(region, 'ws-1');
    await creditAccounts.findMany(region, ['ws-1', 'ws-2']);
    await creditAccounts.markLow(region, 'ws-1', 10_000, catalogOutboxEntry('credits.low', { region, workspaceId: 'ws-1', data: { balance: 5001, threshold: 10_000 } }), now);
    await creditAccounts.recover(region, 'ws-1', 500);

    const creditLogs = store('CreditLogStore', new CreditLogStore(mongo));
    await creditLogs.insertNew(region, [{ _id: 'event-1', workspaceId: 'ws-1', amount: 1, ts: 1, source: { partition: 0, offset: 1 } }]);
    await creditLogs.sources(region, ['event-1']);
    await creditLogs.inRange(region, { workspaceId: 'ws-1', from: 0, to: 10, agentId: 'agent-1' }, 100);
    await creditLogs.inRange(region, { workspaceId: 'ws-1', from: 0, to: 10 }, 100);

    const billingAccounts = store('BillingAccountStore', new BillingAccountStore(mongo));
    await billingAccounts.update(region, 'ws-1', { stripeSubscriptionId: 'sub_1' }, now);
    await billingAccounts.find(region, 'ws-1');
    await billingAccounts.findBySubscription(region, 'sub_1');
    await billingAccounts.withAutoRecharge(region, ['ws-1', 'ws-2']);
    await billingAccounts.claimRecharge(region, 'ws-1', { _id: 'ws-1', plan: 'pay_as_you_go' }, 'recharge:1', now, now);
    await billingAccounts.finishRecharge(region, 'ws-1', 'recharge:1', '2026-11', 5, now);
    await creditAccounts.debitCovered(region, 'ws-1', 'transfer-1:debit', 1, now);
    await creditAccounts.debitCovered(region, 'ws-1', 'transfer-2:debit', 1_000_000, now);

    const transfers = store('CreditTransferStore', new CreditTransferStore(mongo));
    const transfer = { _id: 'transfer-1', workspaceId: 'ws-1', orgId: 'org-1', amount: 1, direction: 'workspaceToOrg', status: 'pending', createdAt: now } as const;
    await transfers.open(region, transfer);
    await transfers.open(region, transfer);
    await transfers.pending(region);
    await transfers.close(region, 'transfer-1', 'done');

    const orgBilling = store('OrganizationBillingStore', new OrganizationBillingStore(mongo));
    await orgBilling.register(region, 'org-1', 'ws-1', true, now);
    await orgBilling.ensure(region, 'org-2', 'ws-1', now);
    await orgBilling.update(region, 'org-1', { stripeCustomerId: 'cus_1' }, now);
    await orgBilling.find(region, 'org-1');
    await orgBilling.findByCustomer(region, 'cus_1');
    await orgBilling.withAutoRecharge(region, ['org-1', 'org-2']);
    const claim = { key: 'org-recharge:eu:org-1:1', amountUsd: 5, credits: 1250, at: now };
    await orgBilling.claimRecharge(region, 'org-1', { _id: 'org-1', workspaceId: 'ws-1', allowBilling: true }, claim, 1, now);
    await orgBilling.staleRecharges(region, now);
    await orgBilling.finishRecharge(region, 'org-1', claim.key, { at: now, message: 'declined' }, [], now);

    const connects = store('AgencyConnectStore', new AgencyConnectStore(mongo));
    await connects.claimAccount(region, 'ws-1', 'acct_1', 'owner@example.com', now);
    await connects.claimAccount(region, 'ws-1', 'acct_2', undefined, now);
    await connects.update(region, 'ws-1', { payouts_enabled: true }, now);
    await connects.find(region, 'ws-1');
    await connects.findByAccount(region, 'acct_1');

    const clients = store('ClientStore', new ClientStore(mongo));
    const org = { _id: 'org-1', ID: 'org-1', agencyId: 'agency-1', ownerID: 'ws-1', name: 'Org', widgetIDs: [] } as never;
    await clients.insertOrganization(region, org);
    await clients.organization(region, 'org-1');
    await clients.organizationsOf(region, 'agency-1');
    await clients.addOrganizationAgent(region, 'org-1', 'agent-1');
    await clients.organizationsWithAgent(region, 'agent-1');
    await clients.updateOrganization(region, 'org-1', { name: 'Renamed' } as never);
    await clients.insertClient(region, { _id: 'client-1', ID: 'client-1', orgId: 'org-1', agencyId: 'agency-1', email: 'client@example.com', name: 'Client' } as never);
    await clients.client(region, 'client-1');
    await clients.clientByEmail(region, 'agency-1', 'client@example.com');
    await clients.clientsByEmail(region, 'client@example.com');
    await clients.clientsOfAgency(region, 'agency-1');
    await clients.clientsOfOrganization(region, 'org-1');
    await clients.updateClient(region, 'client-1', { name: 'Renamed' } as never);
    await clients.addClientAgent(region, 'client-1', 'agent-1');
    await clients.removePushToken(region, 'client-1', 'token');
    const clientSession = { _id: 'client-session-1', clientId: 'client-1', orgId: 'org-1', agencyId: 'agency-1', workspaceId: 'ws-1', email: 'client@example.com', agencyAdmin: false, createdAt: now, expiresAt: later };
    await clients.insertSession(region, clientSession);
    await clients.session(region, 'client-session-1');
    await clients.endSession(region, 'client-session-1');
    await clients.insertCode(region, { _id: 'client-code-1', clientId: 'client-1', codeHash: 'hash', createdAt: now, expiresAt: later, attempts: 0 });
    await clients.codesSince(region, 'client-1', now);
    await clients.latestCode(region, 'client-1');
    await clients.countWrongCode(region, 'client-code-1');
    await clients.useCode(region, 'client-code-1', now);
    await clients.insertToken(region, { _id: 'client-token-1', clientId: 'client-1', expiresAt: later });
    await clients.useToken(region, 'client-token-1', now);
    await clients.deleteClient(region, 'client-1');
    await clients.deleteOrganization(region, 'org-1');

    const workspaceLogs = store('WorkspaceLogStore', new WorkspaceLogStore(mongo));
    await workspaceLogs.insert(region, { _id: 'log-1', workspaceId: 'ws-1', createdAt: now, message: 'a log line' } as never);

    const notifications = store('NotificationStore', new NotificationStore(mongo));
    const orgRef = { workspaceId: 'ws-1', orgId: 'org-1' };
    await notifications.insert(region, orgRef, { ID: 'notification-1', notificationLevel: 1, ts: 1, seen: false } as never, []);
    await notifications.latest(region, orgRef);
    await notifications.markSeen(region, orgRef, 'notification-1');
    await notifications.remove(region, orgRef, 'notification-1');
    await notifications.removeAll(region, orgRef);

    const deliveries = store('DeliveryStore', new DeliveryStore(mongo));
    await deliveries.enqueue(region, { _id: 'delivery-1', workspaceId: 'ws-1', type: 'agent.created', data: {}, createdAt: now.toISOString(), status: 'pending', attempts: 0, nextAttemptAt: now } as never);
    await deliveries.claimDue(region, now, 30_000);
    await deliveries.record(region, 'delivery-1', { status: 'delivered', attempts: 1, nextAttemptAt: now, lastStatus: 200 } as never);
    await deliveries.latest(region, 'ws-1');
    await deliveries.claimMemberNotice(region, 'event-1', 'ws-1', 'credits.low', now);

    const sources = store('KnowledgeSourceStore', new KnowledgeSourceStore(mongo));
    const source = { _id: 'source-1', agentId: 'agent-1', workspaceId: 'ws-1', status: 'PENDING', chunkCount: 0, generation: 0, dueAt: 0, leaseUntil: 0, attempts: 0, createdAt: 1, updatedAt: 1 } as never;
    await sources.insert(region, source);
    await sources.listForAgent(region, 'agent-1');
    await sources.listForWorkspace(region, 'ws-1', 10);
    await sources.find(region, 'agent-1', 'source-1');
    await sources.charCount(region, 'agent-1', 'source-2');
    const held = await sources.claimDue(region, now.getTime(), 60_000);
    await sources.finish(region, held ?? source, { status: 'SUCCESS', chunkCount: 1, generation: 1, dueAt: NOT_DUE }, ['error']);
    await sources.update(region, 'agent-1', 'source-1', { tags: ['docs'] }, now.getTime());
    await sources.liveGenerations(region, 'agent-1');

    const chunks = store('KnowledgeChunkStore', new KnowledgeChunkStore(mongo));
    await chunks.insert(region, [{ agentId: 'agent-1', sourceId: 'source-1', generation: 1, index: 0, text: 'hello', vector: Float32Array.from([1, 0]) }]);
    await chunks.forAgent(region, 'agent-1');

    const vectors = store('StoreVectorIndex', new StoreVectorIndex({ chunks: new KnowledgeChunkStore(mongo), sources: new KnowledgeSourceStore(mongo), ttlMs: 60_000, maxAgents: 10, now: () => now.getTime() }));
    await vectors.has(region, 'agent-1');
    vectors.invalidate(region, 'agent-1');
    await vectors.search(region, 'agent-1', Float32Array.from([1, 0]), 3, 0);
    await chunks.deleteForSource(region, 'source-1', 1);
    await chunks.deleteForSource(region, 'source-1');
    await sources.delete(region, 'agent-1', 'source-1');

    // The outbox relay's claim and clean-up queries, on every collection that carries an outbox.
    const outboxCollections = INDEXES.filter(({ indexes }) => indexes.some((index) => index.name === 'outbox_pending')).map((spec) => spec.collection);
    expect(outboxCollections).toEqual(expect.arrayContaining([WORKSPACE_COLLECTION.workspaces]));
    const producer = { sendBatch: async () => [] } as never;
    await mongo.collection(region, WORKSPACE_COLLECTION.workspaces).updateOne({ _id: 'ws-2' } as never, {
      $set: { _outbox: [{ id: 'e1', topic: 't', key: 'ws-2', envelope: {} }], _outboxAt: now },
    });
    await new OutboxRelay({ mongo, producer, collections: outboxCollections, logger: createLogger('explain-test', 'silent') }).drainOnce();
  }

  it('runs every store class of every service (add its calls above when a store is added)', () => {
    expect(storeClassesOfEveryService()).toEqual([...coverage.keys()].sort());
  });

  it('runs every method of every store (add a call above when a store gains a method)', () => {
    for (const [name, { called, methods }] of coverage) {
      expect({ store: name, missing: methods.filter((method) => !called.has(method)) }).toEqual({ store: name, missing: [] });
    }
  });

  it('answers each query from an index, not a full scan', async () => {
    expect(queries.length).toBeGreaterThan(30);
    const scans: string[] = [];
    let explained = 0;
    for (const query of queries) {
      const target: Collection = mongo.db('eu').collection(query.collection);
      const explain = (await target.find(query.filter, query.sort ? { sort: query.sort } : {}).explain()) as Document;
      const nodes = planNodes(explain.queryPlanner);
      if (!nodes.length) continue; // this server does not report its plan (FerretDB on SQLite)
      explained += 1;
      const allowed = FULL_SCAN_ALLOWED.some((entry) => entry.collection === query.collection && entry.matches(query.filter));
      if (nodes.some((node) => node.type === 'Seq Scan') && !allowed) {
        scans.push(`${query.collection}.${query.method}(${JSON.stringify(query.filter)})`);
      }
    }
    if (!explained) console.warn('explain: the store reports no query plans (not FerretDB on PostgreSQL); nothing checked');
    expect(scans).toEqual([]);
  });
});
