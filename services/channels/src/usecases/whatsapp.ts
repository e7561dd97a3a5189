import {
  MESSAGES,
  whatsappWebhookUrl,
  type ConnectWhatsappNumberRequest,
  type DiscoveredWhatsappNumber,
  type MessageTemplate,
  type Region,
  type WhatsappNumberView,
  type WhatsappTestMessageRequest,
} from '@platform/contracts';
import { HttpError, badRequest, catalogOutboxEntry, notFound } from '@platform/kit';
import type { ReachableAgent } from '../clients/agent-directory';
import { MetaGraphError, type MetaGraph } from '../clients/meta-graph';
import { newRegistrationPin } from '../domain/whatsapp';
import type { WhatsappNumberStore } from '../store/whatsapp-numbers';

const messages = MESSAGES.channels;
/** A refusal by Meta is the caller's problem (400, with Meta's reason); Meta unreachable is ours (502). */
const failure = (err: unknown, text: (reason: string) => string) => {
  if (err instanceof MetaGraphError) return new HttpError(err.status >= 500 ? 502 : 400, text(err.reason));
  return err;
};

/** WhatsApp's New Method: the embedded signup's numbers connected to agents, the test message, templates. */
export class WhatsappUseCases {
  constructor(private readonly deps: { numbers: WhatsappNumberStore; graph: MetaGraph; publicApiUrl: string; eventsWritten: () => void; now: () => Date }) {}

  async exchangeToken(token: string): Promise<string> {
    try {
      return await this.deps.graph.exchangeToken(token);
    } catch (err) {
      throw failure(err, () => messages.metaTokenExchangeFailed);
    }
  }

  /** The account's numbers, each CONNECTED when an agent answers on it, else PENDING. */
  async numberDetails(region: Region, wabaId: string, token: string): Promise<DiscoveredWhatsappNumber[]> {
    let found: DiscoveredWhatsappNumber[];
    try {
      found = await this.deps.graph.phoneNumbers(wabaId, token);
    } catch (err) {
      throw failure(err, () => messages.numberDetailsFetchFailed);
    }
    const connected = await this.deps.numbers.connectedAmong(region, found.map((number) => number.id));
    return found.map((number) => ({ id: number.id, display_phone_number: number.display_phone_number, verified_name: number.verified_name, status: connected.has(number.id) ? 'CONNECTED' : 'PENDING' }));
  }

  /**
   * Registers the number, subscribes the account with the agent's webhook (Meta verifies it
   * with the agent id as verify token), then stores it; the first connection writes
   * new-channel-connection with it. A refusal leaves the number PENDING.
   */
  async connect(region: Region, agent: ReachableAgent, request: ConnectWhatsappNumberRequest): Promise<WhatsappNumberView> {
    try {
      await this.deps.graph.register(request.phoneId, request.longAccessToken, newRegistrationPin());
      await this.deps.graph.subscribe(request.wabaId, request.longAccessToken, whatsappWebhookUrl(this.deps.publicApiUrl, region, agent.agentId), agent.agentId);
    } catch (err) {
      throw failure(err, (reason) => messages.numberConnectFailed(request.phoneNumber, reason));
    }
    const connected = catalogOutboxEntry('new-channel-connection', {
      region,
      workspaceId: agent.workspaceId,
      data: { agentId: agent.agentId, agentType: agent.agentType, channelId: request.phoneId, channelType: 'whatsapp' },
    });
    const { agentId: _agentId, ...number } = request;
    await this.deps.numbers.save(region, { ...number, agentId: agent.agentId, workspaceId: agent.workspaceId, createdAt: this.deps.now() }, [connected]);
    this.deps.eventsWritten();
    return { agentId: agent.agentId, wabaId: request.wabaId, phoneId: request.phoneId, phoneNumber: request.phoneNumber };
  }

  list(region: Region, agentId: string): Promise<WhatsappNumberView[]> {
    return this.deps.numbers.listForAgent(region, agentId);
  }

  async remove(region: Region, agentId: string, phoneId: string): Promise<void> {
    if (!(await this.deps.numbers.remove(region, agentId, phoneId))) throw notFound(messages.numberRemoveFailed);
  }

  /** The test message: from one of the agent's numbers, to someone who wrote to it in the last 24 hours (Meta's rule). */
  async sendTestMessage(region: Region, agentId: string, request: WhatsappTestMessageRequest): Promise<void> {
    const number = await this.deps.numbers.find(region, request.phoneNumberId);
    if (!number || number.agentId !== agentId) throw badRequest(messages.whatsappTestPhoneAndIdRequired);
    try {
      await this.deps.graph.sendText(number.phoneId, number.longAccessToken, {
        messaging_product: 'whatsapp',
        recipient_type: 'individual',
        to: request.phone,
        type: 'text',
        text: { body: request.message },
      });
    } catch (err) {
      throw failure(err, (reason) => messages.testMessageFailed(request.phone, reason));
    }
  }

  async createTemplate(template: MessageTemplate): Promise<{ id: string; status: string }> {
    try {
      return await this.deps.graph.createTemplate(template.wabaId, template.longAccessToken, { ...template, category: template.category ?? 'UTILITY' });
    } catch (err) {
      throw failure(err, (reason) => `${messages.messageTemplateInvalid}: ${reason}`);
    }
  }
}
