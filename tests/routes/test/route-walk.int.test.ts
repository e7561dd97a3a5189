/**
 * Walks every route table of every service and proves each non-public route refuses a request
 * without the identity it declares: anonymous callers, callers of another kind, and, for member
 * and agent routes, another tenant's person, workspace secret and agent key, with nothing
 * written. New routes are walked as soon as they are in a table; a new member or agent route
 * needs a request below that names tenant A's resource, or the walk fails.
 */
import fs from 'node:fs';
import path from 'node:path';
import { newAgentDraft } from '@platform/contracts';
import { ACCESS_KINDS, type Identity, type RouteDescription } from '@platform/kit';
import { buildApp as buildOnboardingApp, routeTable as onboardingRouteTable } from '../../../services/onboarding/src/app';
import { loadConfig as loadOnboardingConfig } from '../../../services/onboarding/src/config';
import {
  agencyIdentity,
  agentIdentity,
  clientIdentity,
  serviceSlot,
  startAgencyDomainService,
  anonymous,
  gateway,
  logger,
  repoRoot,
  signedCaller,
  snapshot,
  someone,
  startAgentService,
  startChannelsService,
  workspaceIdentity,
  type AgentService,
  type Caller,
} from '@platform/test-support';

import { buildApp as buildBillingApp, routeTable as billingRouteTable } from '../../../services/billing/src/app';
import { loadConfig as loadBillingConfig } from '../../../services/billing/src/config';
import { assemble as assembleNotification, buildApp as buildNotificationApp } from '../../../services/notification/src/app';
import { loadConfig as loadNotificationConfig } from '../../../services/notification/src/config';

/** Tenant A's organisation in billing (agency rebilling). */
const WALK_ORG = 'WALKORGAAAAAAAAA';

/** Tenant A's resources, which the requests below name. */
interface Fixture {
  workspaceId: string;
  agentId: string;
  versionId: string;
  memberEmail: string;
}
interface ExampleRequest {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: object;
}

/** Per member or agent route: a valid request touching tenant A, or 'caller' when the route only ever acts on the caller's own data. */
const TENANT_REQUESTS: Record<string, ((a: Fixture) => ExampleRequest) | 'caller'> = {
  getWorkspace: (a) => ({ params: { uid: a.workspaceId } }),
  saveWorkspace: (a) => ({ params: { uid: a.workspaceId }, body: { workspaceName: 'Taken over' } }),
  deleteWorkspace: (a) => ({ params: { uid: a.workspaceId }, body: { confirmation: 'THIS ACTION CANNOT BE UNDONE' } }),
  removeWorkspaceMember: (a) => ({ params: { uid: a.workspaceId }, body: { email: a.memberEmail } }),
  inviteToWorkspace: (a) => ({ params: { uid: a.workspaceId }, body: { to: 'intruder@example.com' } }),
  rotateWorkspaceSecret: (a) => ({ params: { uid: a.workspaceId } }),
  listAgents: (a) => ({ query: { workspaceId: a.workspaceId } }),
  getAgent: (a) => ({ params: { agentId: a.agentId } }),
  saveAgent: (a) => ({ params: { agentId: a.agentId }, body: { title: 'Hijacked', lastModified: 1 } }),
  listAgentVersions: (a) => ({ params: { agentId: a.agentId } }),
  rotateAgentSecretKey: (a) => ({ params: { agentId: a.agentId } }),
  restoreAgentVersion: (a) => ({ params: { agentId: a.agentId, versionId: a.versionId } }),
  convertAgentTemplateToAgent: (a) => ({ body: { agentName: 'Planted', agentTemplate: {}, workspaceId: a.workspaceId } }),
  exportAgentToJson: (a) => ({ body: { agentId: a.agentId } }),
  saveAgentBackup: (a) => ({ body: { agentId: a.agentId, workspaceId: a.workspaceId, userEmail: 'x@example.com' } }),
  uploadFile: (a) => ({ body: { base64Payload: Buffer.from('hello').toString('base64'), fileName: 'a.txt', targetPath: 'x', userId: 'u', agentId: a.agentId } }),
  generateCss: (a) => ({ body: { messages: [{ role: 'user', content: 'red' }], agentID: a.agentId } }),
  listCustomThemes: 'caller',
  createCustomTheme: 'caller',
  sendTestMessage: (a) => ({ params: { agentId: a.agentId }, body: { messageId: 'walkmessage1', text: 'Who are you?' } }),
  listConversations: (a) => ({ params: { agentId: a.agentId } }),
  listLeads: (a) => ({ params: { agentId: a.agentId } }),
  listKnowledgeSources: (a) => ({ params: { agentId: a.agentId } }),
  createKnowledgeSource: (a) => ({ params: { agentId: a.agentId }, body: { sourceType: 'url', url: 'https://example.com/' } }),
  searchKnowledge: (a) => ({ params: { agentId: a.agentId }, body: { query: 'opening hours' } }),
  updateKnowledgeSource: (a) => ({ params: { agentId: a.agentId, sourceId: 'walksource1' }, body: { refreshRate: '24h' } }),
  deleteKnowledgeSource: (a) => ({ params: { agentId: a.agentId, sourceId: 'walksource1' } }),
  listWorkspaceKnowledgeSources: (a) => ({ params: { workspaceId: a.workspaceId } }),
  listWorkspaceSessions: (a) => ({ params: { workspaceId: a.workspaceId } }),
  listWorkspaceFunctions: (a) => ({ params: { workspaceId: a.workspaceId } }),
  listWorkspacePrompts: (a) => ({ params: { workspaceId: a.workspaceId } }),
  testVoiceTool: (a) => ({ params: { agentId: a.agentId }, body: { tool: { id: 'walktool1', name: 'walk', description: 'A tool', serverUrl: 'https://example.invalid/tool' } } }),
  listAgentChannels: (a) => ({ params: { agentId: a.agentId } }),
  connectTelegram: (a) => ({ body: { agentId: a.agentId, token: '123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA' } }),
  removeTelegram: (a) => ({ body: { agentId: a.agentId, botId: '123456' } }),
  getTelegramWebhookInfo: (a) => ({ body: { agentId: a.agentId, botId: '123456' } }),
  connectDiscord: (a) => ({ body: { agentID: a.agentId, channelId: '1234567890', webhookUrl: 'https://discord.com/api/webhooks/1/x' } }),
  removeDiscord: (a) => ({ body: { agentID: a.agentId, ID: 'AAAAAAAAAAAAAAA' } }),
  getWhatsappNumbers: (a) => ({ body: { agentId: a.agentId } }),
  connectWhatsappNumber: (a) => ({ body: { agentId: a.agentId, longAccessToken: 'EAALAAAAAAAAAAAAAAAAAAAAA', wabaId: '100000000000001', phoneId: '10000000000000101', phoneNumber: '+1 555' } }),
  removeWhatsappNumber: (a) => ({ body: { agentId: a.agentId, phoneId: '10000000000000101' } }),
  listWorkspaceChannels: (a) => ({ params: { workspaceId: a.workspaceId } }),
  listTwilioNumbers: (a) => ({ params: { workspaceId: a.workspaceId } }),
  searchTwilioNumbers: (a) => ({ params: { workspaceId: a.workspaceId }, query: { country: 'US', areaCode: '415' } }),
  buyTwilioNumber: (a) => ({ params: { workspaceId: a.workspaceId }, body: { phoneNumber: '+14155550100' } }),
  importTwilioNumber: (a) => ({ params: { workspaceId: a.workspaceId }, body: { accountSid: `AC${'0'.repeat(32)}`, authToken: 'f'.repeat(32), phoneNumber: '+14155550100' } }),
  assignTwilioNumber: (a) => ({ params: { workspaceId: a.workspaceId, numberId: 'WALKNUMBERAAAAAAAAAA' }, body: { agentId: a.agentId } }),
  releaseTwilioNumber: (a) => ({ params: { workspaceId: a.workspaceId, numberId: 'WALKNUMBERAAAAAAAAAA' } }),
  connectMetaPage: (a) => ({ body: { agentId: a.agentId, selectedPage: { id: '1234567890', name: 'Page', accessToken: 'EAAPAAAAAAAAAAAAAAAAAAAA' } } }),
  removeMetaPage: (a) => ({ body: { agentId: a.agentId, pageId: '1234567890' } }),
  // The Meta sign-in's helpers (userOrClient, ADR 0040): a client names the agent whose Channels page it works on.
  tokenToPages: (a) => ({ body: { token: 'EAAAAAAAAAAAAAAAAAAAAAAA', agentId: a.agentId } }),
  checkPageSubscriptions: (a) => ({ body: { token: 'EAAPAAAAAAAAAAAAAAAAAAAA', agentId: a.agentId } }),
  exchangeMetaToken: (a) => ({ body: { token: 'EAAAAAAAAAAAAAAAAAAAAAAA', agentId: a.agentId } }),
  // WhatsApp campaigns (ADR 0043)
  listCampaigns: (a) => ({ params: { agentId: a.agentId } }),
  createCampaign: (a) => ({ params: { agentId: a.agentId }, body: { name: 'Planted', templateName: 'walk_template', templateLanguage: 'en_US', phones: ['+15550001111'] } }),
  sendCampaign: (a) => ({ params: { agentId: a.agentId, campaignId: 'WALKCAMPAIGNAAAAAAAA' } }),
  listCampaignTemplates: (a) => ({ params: { agentId: a.agentId } }),
  createCampaignTemplate: (a) => ({ params: { agentId: a.agentId }, body: { name: 'walk_template', language: 'en_US', bodyText: 'Hi' } }),
  getLongAccessToken: (a) => ({ body: { token: 'EAAAAAAAAAAAAAAAAAAAAAAA', agentId: a.agentId } }),
  createTemplate: (a) => ({ body: { longAccessToken: 'EAALAAAAAAAAAAAAAAAAAAAA', wabaId: '100000000000042', name: 'walk_template', language: 'en_US', bodyText: 'Hi', agentId: a.agentId } }),
  getDetailsOfWhatsappNumber: (a) => ({ body: { wabaId: '100000000000042', longAccessToken: 'EAALAAAAAAAAAAAAAAAAAAAA', agentId: a.agentId } }),
  sendWhatsappTestMessage: (a) => ({ body: { agentId: a.agentId, phone: '+15550001111', phoneNumberId: '10000000000000101', message: 'hi' } }),
  getAgency: (a) => ({ params: { uid: a.workspaceId } }),
  saveAgency: (a) => ({ params: { uid: a.workspaceId }, body: { name: 'Hijacked' } }),
  regenAgencySecret: (a) => ({ params: { uid: a.workspaceId } }),
  checkFont: (a) => ({ params: { uid: a.workspaceId }, query: { family: 'Rubik' } }),
  setCustomDomain: (a) => ({ body: { customDomain: 'stolen', userId: a.workspaceId, agencyId: 'AAAAAAAAAAAAAAAA', isVGSubdomain: true } }),
  getCustomDomain: (a) => ({ query: { domain: 'stolen.localhost', domainType: 'vgSubdomain', userId: a.workspaceId } }),
  deleteCustomDomain: (a) => ({ query: { domain: 'stolen.localhost', domainType: 'vgSubdomain', userId: a.workspaceId } }),
  renderCustomTab: (a) => ({ params: { uid: a.workspaceId }, query: { href: '/faq' } }),
  addEmailDomain: (a) => ({ params: { domain: 'stolen.com' }, body: { domain: 'stolen.com', userId: a.workspaceId, agencyId: 'AAAAAAAAAAAAAAAA' } }),
  verifyEmailDomain: (a) => ({ params: { id: 'AAAAAAAA' }, query: { userId: a.workspaceId } }),
  getEmailDomain: (a) => ({ params: { id: 'AAAAAAAA' }, query: { userId: a.workspaceId } }),
  deleteEmailDomain: (a) => ({ params: { id: 'AAAAAAAA' }, query: { userId: a.workspaceId } }),
  sendDnsInstructions: (a) => ({ body: { to: 'walker@example.com', subject: 'DNS', htmlContent: '<p>x</p>', userId: a.workspaceId } }),
  getCreditBalance: (a) => ({ params: { uid: a.workspaceId } }),
  getBillingOverview: (a) => ({ params: { uid: a.workspaceId } }),
  getUsageReport: (a) => ({ params: { uid: a.workspaceId }, query: { start: '0', end: '1000', logsPage: '0' } }),
  getUserData: (a) => ({ body: { userId: a.workspaceId, region: 'eu' } }),
  upsertPaymentMethod: (a) => ({
    body: { paymentMethodId: 'pm_card_visa', userId: a.workspaceId, region: 'eu', email: 'owner@example.com', address: { line1: '1 Main St', city: 'Austin', postal_code: '78701', country: 'US', state: 'TX' } },
  }),
  createSubscription: (a) => ({ body: { planId: 'pay_as_you_go', userId: a.workspaceId, region: 'eu' } }),
  confirmSubscriptionPayment: (a) => ({ body: { paymentIntentId: 'pi_1', subscriptionId: 'sub_1', userId: a.workspaceId, region: 'eu' } }),
  topUpUsd: (a) => ({ body: { amount: 10, currency: 'usd', userId: a.workspaceId, region: 'eu' } }),
  checkDiscountCode: (a) => ({ body: { discountCode: 'SPRING', userId: a.workspaceId, region: 'eu' } }),
  cancelSubscription: (a) => ({ body: { reason: 'Too expensive', userId: a.workspaceId, region: 'eu' } }),
  reactivateSubscription: (a) => ({ body: { userId: a.workspaceId, region: 'eu' } }),
  saveAutoBilling: (a) => ({ body: { uid: a.workspaceId, autoBilling: false } }),
  checkAddonStatus: (a) => ({ body: { userId: a.workspaceId, region: 'eu', addonKeys: ['workspace-seat'] } }),
  addAddons: (a) => ({ body: { userId: a.workspaceId, region: 'eu', addons: [{ addonId: 'workspace-seat', quantity: 1 }] } }),
  removeAddons: (a) => ({ body: { userId: a.workspaceId, region: 'eu', addonKeys: ['workspace-seat'] } }),
  activateWhitelabelTrial: (a) => ({ body: { userId: a.workspaceId, region: 'eu' } }),
  assemblePreBuiltPlansFromStripe: (a) => ({ body: { userId: a.workspaceId, region: 'eu' } }),
  createAgencySubscriptionSession: (a) => ({ body: { userId: a.workspaceId, region: 'eu', planKey: 'agency-pro', billingCycle: 'monthly' } }),
  listOrganizations: (a) => ({ params: { uid: a.workspaceId } }),
  createOrganization: (a) => ({ params: { uid: a.workspaceId }, body: { name: 'Planted' } }),
  saveOrganization: (a) => ({ params: { uid: a.workspaceId, orgId: 'AAAAAAAAAAAAAAAAAAAA' }, body: { ID: 'AAAAAAAAAAAAAAAAAAAA', name: 'Taken' } }),
  deleteOrganization: (a) => ({ params: { uid: a.workspaceId, orgId: 'AAAAAAAAAAAAAAAAAAAA' } }),
  saveClient: (a) => ({ params: { uid: a.workspaceId }, body: { orgId: 'AAAAAAAAAAAAAAAAAAAA', name: 'Planted', email: 'planted@example.com', dashboardPassword: 'Abcdefghij12345' } }),
  deleteClient: (a) => ({ params: { uid: a.workspaceId, clientId: 'AAAAAAAAAAAAAAAAAAAA' } }),
  inviteClient: (a) => ({ params: { uid: a.workspaceId }, body: { email: 'planted@example.com', agencyId: 'AAAAAAAAAAAAAAAAAAAA' } }),
  listOrgNotifications: (a) => ({ params: { uid: a.workspaceId, orgId: 'AAAAAAAAAAAAAAAAAAAA' } }),
  streamOrgNotifications: (a) => ({ params: { uid: a.workspaceId, orgId: 'AAAAAAAAAAAAAAAAAAAA' } }),
  markNotificationSeen: (a) => ({ params: { uid: a.workspaceId, orgId: 'AAAAAAAAAAAAAAAAAAAA', notificationId: 'AAAAAAAAAAAAAAAAAAAA' } }),
  markNotificationRead: (a) => ({ params: { uid: a.workspaceId, orgId: 'AAAAAAAAAAAAAAAAAAAA', notificationId: 'AAAAAAAAAAAAAAAAAAAA' } }),
  markAllNotificationsRead: (a) => ({ params: { uid: a.workspaceId, orgId: 'AAAAAAAAAAAAAAAAAAAA' } }),
  listEventDeliveries: (a) => ({ params: { uid: a.workspaceId } }),
  sendTestEvent: (a) => ({ params: { uid: a.workspaceId } }),
  saveWorkspaceLog: (a) => ({ params: { uid: a.workspaceId }, body: { userId: a.workspaceId, type: 'walk', content: 'Taken over' } }),
  // Agency rebilling (ADR 0022): tenant A's organisation WALK_ORG and connected account acct_walk.
  getConnect: (a) => ({ params: { workspaceId: a.workspaceId } }),
  createConnectAccount: (a) => ({ body: { workspace: { uid: a.workspaceId } } }),
  createConnectAccountLink: (a) => ({ body: { workspace: { uid: a.workspaceId } } }),
  saveConnectBillingSettings: (a) => ({ body: { workspaceId: a.workspaceId, USDPerToken: 0.01 } }),
  upsertAgencyPlans: (a) => ({ body: { agencyAccountId: 'acct_walk', workspaceId: a.workspaceId, plans: [] } }),
  getAgencyPlans: (a) => ({ query: { agencyAccountId: 'acct_walk', workspaceId: a.workspaceId } }),
  setOrganizationBilling: (a) => ({ params: { orgId: WALK_ORG }, body: { workspaceId: a.workspaceId, allowBilling: false } }),
  getTransferBalances: (a) => ({ params: { orgId: WALK_ORG }, query: { workspaceId: a.workspaceId } }),
  transferCredits: (a) => ({ body: { transferId: 'walk-transfer', workspaceId: a.workspaceId, orgId: WALK_ORG, amount: 1, direction: 'workspaceToOrg' } }),
};

const ALL_KINDS: Array<[Identity['kind'], Identity]> = [
  ['anonymous', anonymous],
  ['user', someone('walker')],
  ['workspace', workspaceIdentity('AAAAAAAAAAAAAAA')],
  ['agent', agentIdentity('AAAAAAAAAAAAAAAA')],
  ['agency', agencyIdentity('AAAAAAAAAAAAAAAAAAAAAAAAA')],
  // a client of no organisation here: agent routes open to clients (ADR 0019) refuse it too
  ['client', clientIdentity({ clientId: 'AAAAAAAAAAAAAAAAAAAA', orgId: 'AAAAAAAAAAAAAAAAAAAA', agencyId: 'AAAAAAAAAAAAAAAAAAAA', workspaceId: 'AAAAAAAAAAAAAAA' })],
  ['gateway', gateway],
];

const fill = (route: RouteDescription, params: Record<string, string> = {}) =>
  route.path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => encodeURIComponent(params[name] ?? 'AAAAAAAAAAAAAAAA'));

function send(caller: Caller, route: RouteDescription, request: ExampleRequest = {}) {
  const query = new URLSearchParams(request.query ?? {}).toString();
  const url = fill(route, request.params) + (query ? `?${query}` : '');
  return route.method === 'get' ? caller.get(url) : caller[route.method](url, request.body ?? {});
}

/** The onboarding service's routes are all `user` (the agent service checks the workspace of the agent it creates). */
function onboardingService() {
  const config = loadOnboardingConfig();
  const deps = { config, logger };
  return { name: 'onboarding', routes: onboardingRouteTable(deps).routes, as: signedCaller(buildOnboardingApp(deps), config.platform.internalSigningSecret) };
}

describe('every route refuses callers without the identity it declares', () => {
  let h: AgentService;
  let channels: Awaited<ReturnType<typeof startChannelsService>>;
  let agencyDomain: Awaited<ReturnType<typeof startAgencyDomainService>>;
  let services: Array<{ name: string; routes: RouteDescription[]; as: AgentService['as'] }>;
  let tenantA: Fixture;
  let strangers: Array<[string, Identity]>;

  beforeAll(async () => {
    const agencySlot = await serviceSlot();
    h = await startAgentService({ config: { agencyDomainServiceUrl: agencySlot.url } });
    channels = await startChannelsService(h);
    agencyDomain = await startAgencyDomainService(h, agencySlot);
    services = [
      { name: 'workspace', routes: h.workspace.routes, as: h.workspace.as },
      { name: 'agent', routes: h.routes, as: h.as },
      { name: 'channels', routes: channels.routes, as: channels.as },
      { name: 'agency-domain', routes: agencyDomain.routes, as: agencyDomain.as },
      onboardingService(),
    ];
    const billingDeps = { config: { ...loadBillingConfig(), workspaceServiceUrl: h.config.workspaceServiceUrl }, mongo: h.mongo, logger };
    services.push({ name: 'billing', routes: billingRouteTable(billingDeps).routes, as: signedCaller(buildBillingApp(billingDeps), billingDeps.config.platform.internalSigningSecret) });
    const notificationDeps = { config: { ...loadNotificationConfig(), workspaceServiceUrl: h.config.workspaceServiceUrl }, mongo: h.mongo, logger, mailer: { send: async () => undefined, close: async () => undefined } };
    const notification = assembleNotification(notificationDeps);
    services.push({ name: 'notification', routes: notification.routes, as: signedCaller(buildNotificationApp(notificationDeps, notification), notificationDeps.config.platform.internalSigningSecret) });
    const owner = someone('owner');
    const workspace = (await h.workspace.as(owner).post('/v2/workspaces', { workspaceName: 'A' }).expect(201)).body.data;
    const member = someone('member');
    await h.mongo.collection('eu', 'users').updateOne({ _id: workspace.uid } as never, { $push: { workspaceEmails: member.email } } as never);
    const draft = newAgentDraft({ title: 'A bot', ownerID: workspace.uid });
    const agent = (await h.as(owner).post(`/v2/agents/${draft.ID}`, draft).expect(200)).body.agent;
    const versionId = (await h.as(owner).get(`/v2/agents/${agent.ID}/versions`).expect(200)).body.versions[0].versionId;
    tenantA = { workspaceId: workspace.uid, agentId: agent.ID, versionId, memberEmail: member.email };
    await h.mongo.collection('eu', 'organization_billing').insertOne({ _id: WALK_ORG, workspaceId: workspace.uid, allowBilling: true } as never);
    await h.mongo.collection('eu', 'agency_connect').insertOne({ _id: workspace.uid, accountId: 'acct_walk', isConnected: true } as never);

    const stranger = someone('stranger');
    const other = (await h.workspace.as(stranger).post('/v2/workspaces', { workspaceName: 'B' }).expect(201)).body.data;
    const otherDraft = newAgentDraft({ title: 'B bot', ownerID: other.uid });
    const otherAgent = (await h.as(stranger).post(`/v2/agents/${otherDraft.ID}`, otherDraft).expect(200)).body.agent;
    strangers = [
      ["another tenant's person", stranger],
      ["another tenant's workspace secret", workspaceIdentity(other.uid)],
      ["another tenant's agent key", agentIdentity(otherAgent.ID)],
      ["tenant A's own secret from the other region", workspaceIdentity(workspace.uid, 'na')],
    ];
  });
  afterAll(async () => {
    await channels.close();
    await agencyDomain.close();
    await h.close();
  });

  it('knows every public route: opening one to anybody is a decision made here', () => {
    const open = services.flatMap(({ name, routes }) => routes.filter((r) => r.access === 'public').map((r) => `${name} ${r.operationId}`));
    expect(open.sort()).toEqual(
      [
        'workspace requestLoginCode',
        'workspace verifyLoginCode',
        'workspace passwordLogin',
        'workspace logout',
        'workspace getPublicUser',
        'agent listTemplates',
        'agent getFile',
        'agent listTranslateLanguages',
        // the embedded widget: an agent id in a page, no secret; rate limited per agent and visitor
        'agent getWidgetSettings',
        'agent sendWidgetMessage',
        'agent getWidgetConversation',
        'channels telegramWebhook',
        'channels verifyWhatsappWebhook',
        'channels whatsappWebhook',
        'channels verifyMetaWebhook',
        'channels metaWebhook',
        // Twilio's inbound call: X-Twilio-Signature with the number's account token (ADR 0033)
        'channels twilioVoiceWebhook',
        'billing stripeWebhook',
        'billing stripeConnectWebhook',
        // the publishable key and the Stripe.js URL: public by nature (ADR 0018)
        'billing getStripeConfig',
        // the client login page of an agency host (ADR 0019)
        'agency-domain clientLogin',
        'agency-domain ssoClient',
        'agency-domain validateClientLoginToken',
        'agency-domain agencyAdminLogin',
      ].sort(),
    );
  });

  it('walks the route table of every service there is', () => {
    const withTables = fs
      .readdirSync(path.join(repoRoot, 'services'))
      .filter((name) => fs.existsSync(path.join(repoRoot, 'services', name, 'src', 'app.ts')));
    expect(services.map((s) => s.name).sort()).toEqual(withTables.sort());
    expect(services.flatMap((s) => s.routes).filter((r) => r.access !== 'public').length).toBeGreaterThan(15);
  });

  it('refuses anonymous callers and callers of another kind, before reading the request', async () => {
    const before = await snapshot(h.mongo);
    const wrong: string[] = [];
    for (const { name, routes, as } of services) {
      for (const route of routes.filter((r) => r.access !== 'public')) {
        const admitted: readonly string[] = ACCESS_KINDS[route.access as keyof typeof ACCESS_KINDS];
        for (const [kind, identity] of ALL_KINDS.filter(([kind]) => !admitted.includes(kind))) {
          const expected = kind === 'anonymous' && route.access !== 'gateway' ? 401 : 403;
          // an agent route open to clients (ADR 0019, 0036) reads the request first: this client is refused by the organisation's rule
          const example = kind === 'client' && (route as { clients?: unknown }).clients ? TENANT_REQUESTS[route.operationId] : undefined;
          const res = await send(as(identity), route, typeof example === 'function' ? example(tenantA) : undefined);
          if (res.status !== expected || res.body.success !== false) wrong.push(`${name} ${route.method.toUpperCase()} ${route.path} as ${kind}: ${res.status}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it("refuses another tenant on every member and agent route, changing nothing", async () => {
    const before = await snapshot(h.mongo);
    const wrong: string[] = [];
    for (const { name, routes, as } of services) {
      for (const route of routes.filter((r) => r.access === 'member' || r.access === 'agent')) {
        const example = TENANT_REQUESTS[route.operationId];
        if (!example) {
          wrong.push(`${name} ${route.operationId}: add a request naming tenant A's resource to TENANT_REQUESTS`);
          continue;
        }
        if (example === 'caller') continue;
        for (const [who, identity] of strangers) {
          if (!(ACCESS_KINDS[route.access] as readonly string[]).includes(identity.kind)) continue;
          const res = await send(as(identity), route, example(tenantA));
          if (res.status !== 403) wrong.push(`${name} ${route.method.toUpperCase()} ${route.path} as ${who}: ${res.status} ${JSON.stringify(res.body).slice(0, 120)}`);
        }
      }
    }
    expect(wrong).toEqual([]);
    expect(await snapshot(h.mongo)).toEqual(before);
  });

  it("the tenant requests are right: tenant A's own member passes them", async () => {
    // Otherwise a 403 above could come from a bad request rather than from the rule.
    const owner = (await h.mongo.collection('eu', 'users').findOne({ _id: tenantA.workspaceId } as never)) as { ownerUserId: string; email: string } | null;
    const member: Identity = { kind: 'user', userId: owner!.ownerUserId, email: owner!.email };
    const refused: string[] = [];
    for (const { routes, as } of services) {
      for (const route of routes.filter((r) => r.access === 'member' || r.access === 'agent')) {
        const example = TENANT_REQUESTS[route.operationId];
        // (deleting and removing would spoil the fixture; their rule is the same loader's)
        // (an admitted stream never ends; its rule is the same member check)
        if (typeof example !== 'function' || route.operationId === 'deleteWorkspace' || route.operationId === 'removeWorkspaceMember' || route.operationId === 'streamOrgNotifications') continue;
        const res = await send(as(member), route, example(tenantA));
        if (res.status === 401 || res.status === 403) refused.push(`${route.operationId}: ${res.status}`);
      }
    }
    expect(refused).toEqual([]);
  });
});
