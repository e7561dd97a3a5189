import { MESSAGES, type Region } from '@platform/contracts';
import { HttpError, unauthorized, type Logger } from '@platform/kit';
import { validMetaSignature } from '../domain/signatures';
import { deterministicEventId } from '../domain/telegram';
import { whatsappInboundMessage, whatsappTextMessages, type WhatsappWebhookPayload } from '../domain/whatsapp';
import type { InboundPublisher } from '../events/inbound-publisher';
import { RecentPublications } from '../events/recent-publications';
import type { WhatsappNumberStore } from '../store/whatsapp-numbers';

const messages = MESSAGES.channels;

/**
 * A WhatsApp webhook: accepted only when X-Hub-Signature-256 is the HMAC of the raw body with
 * the app secret (401 and nothing queued otherwise); its text messages for the agent's numbers
 * are written to Kafka, and only then acknowledged (503 when Kafka cannot take them).
 */
export class WhatsappWebhook {
  private readonly recent = new RecentPublications();

  constructor(private readonly deps: { numbers: WhatsappNumberStore; publisher: InboundPublisher; appSecret: string; logger: Logger; now: () => Date }) {}

  async receive(region: Region, agentId: string, rawBody: Buffer | undefined, signature: string | undefined, payload: WhatsappWebhookPayload): Promise<void> {
    if (!validMetaSignature(rawBody, signature, this.deps.appSecret)) throw unauthorized(messages.webhookSignatureInvalid);
    const publications: Array<Promise<void>> = [];
    for (const message of whatsappTextMessages(payload)) {
      const number = await this.deps.numbers.find(region, message.phoneId);
      // A number moved to another agent (or removed) is not answered by this one.
      if (!number || number.agentId !== agentId) continue;
      const data = whatsappInboundMessage(message, agentId, this.deps.now());
      const id = deterministicEventId('whatsapp', message.phoneId, message.id);
      publications.push(this.recent.once(id, () => this.deps.publisher.publish({ id, region, workspaceId: number.workspaceId, data })));
    }
    try {
      await Promise.all(publications);
    } catch (err) {
      this.deps.logger.error({ err, agentId }, 'inbound WhatsApp message not queued');
      throw new HttpError(503, messages.webhookNotQueued);
    }
  }
}
