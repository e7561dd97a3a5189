import { MESSAGES, type Region, type WhatsappLegacySettings } from '@platform/contracts';
import { HttpError, forbidden, unauthorized, type Logger } from '@platform/kit';
import type { AgentDirectory } from '../clients/agent-directory';
import { validMetaSignature } from '../domain/signatures';
import { deterministicEventId } from '../domain/event-ids';
import { answersOnLegacyNumber, verificationChallenge, whatsappInboundMessage, whatsappTextMessages, type WhatsappWebhookPayload } from '../domain/whatsapp';
import type { InboundPublisher } from '../events/inbound-publisher';
import { RecentPublications } from '../events/recent-publications';
import type { WhatsappNumberStore } from '../store/whatsapp-numbers';

const messages = MESSAGES.channels;

/**
 * A WhatsApp webhook: accepted only when X-Hub-Signature-256 is the HMAC of the raw body with
 * the app secret (401 and nothing queued otherwise); its text messages for the agent's numbers
 * (New Method records, or the Legacy Method number once its webhook was verified) are written
 * to Kafka, and only then acknowledged (503 when Kafka cannot take them).
 */
export class WhatsappWebhook {
  private readonly recent = new RecentPublications();

  constructor(
    private readonly deps: { numbers: WhatsappNumberStore; directory: AgentDirectory; publisher: InboundPublisher; appSecret: string; logger: Logger; now: () => Date },
  ) {}

  /** Meta's subscription handshake: the challenge when the verify token is the agent id, which also marks the webhook verified. */
  async verify(region: Region, agentId: string, query: Record<string, unknown>): Promise<string> {
    const challenge = verificationChallenge(query, agentId);
    if (!challenge) throw forbidden(messages.webhookVerificationFailed);
    try {
      await this.deps.directory.markWhatsappVerified(region, agentId);
    } catch (err) {
      // An unknown agent fails Meta's verification; anything else is worth Meta's retry.
      if (err instanceof HttpError && err.status === 404) throw forbidden(messages.webhookVerificationFailed);
      throw err;
    }
    return challenge;
  }

  async receive(region: Region, agentId: string, rawBody: Buffer | undefined, signature: string | undefined, payload: WhatsappWebhookPayload): Promise<void> {
    if (!validMetaSignature(rawBody, signature, this.deps.appSecret)) throw unauthorized(messages.webhookSignatureInvalid);
    const publications: Array<Promise<void>> = [];
    const legacy = once(() => this.deps.directory.whatsappLegacy(region, agentId));
    for (const message of whatsappTextMessages(payload)) {
      const workspaceId = await this.answeringWorkspace(region, agentId, message.phoneId, legacy);
      if (workspaceId === undefined) continue;
      const data = whatsappInboundMessage(message, agentId, this.deps.now());
      const id = deterministicEventId('whatsapp', message.phoneId, message.id);
      publications.push(this.recent.once(id, () => this.deps.publisher.publish({ id, region, workspaceId, data })));
    }
    try {
      await Promise.all(publications);
    } catch (err) {
      this.deps.logger.error({ err, agentId }, 'inbound WhatsApp message not queued');
      throw new HttpError(503, messages.webhookNotQueued);
    }
  }

  /** The workspace of the agent answering on this number, or undefined when the agent does not answer on it. */
  private async answeringWorkspace(region: Region, agentId: string, phoneId: string, legacy: () => Promise<WhatsappLegacySettings>): Promise<string | undefined> {
    const number = await this.deps.numbers.find(region, phoneId);
    // A number moved to another agent (or removed) is not answered by this one.
    if (number) return number.agentId === agentId ? number.workspaceId : undefined;
    try {
      const settings = await legacy();
      return answersOnLegacyNumber(settings, phoneId) ? settings.workspaceId : undefined;
    } catch (err) {
      if (err instanceof HttpError && err.status === 404) return undefined;
      throw err;
    }
  }
}

/** The first call's promise, shared by the later ones (one lookup per webhook). */
function once<T>(load: () => Promise<T>): () => Promise<T> {
  let loaded: Promise<T> | undefined;
  return () => (loaded ??= load());
}
