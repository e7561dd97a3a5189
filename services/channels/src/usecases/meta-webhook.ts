import { MESSAGES } from '@platform/contracts';
import { HttpError, unauthorized, type Logger } from '@platform/kit';
import { pageInboundMessage, pageTextMessages, type MetaPageWebhookPayload } from '../domain/meta-pages';
import { validMetaSignature } from '../domain/signatures';
import { deterministicEventId } from '../domain/event-ids';
import type { InboundPublisher } from '../events/inbound-publisher';
import { RecentPublications } from '../events/recent-publications';
import type { MetaPageStore } from '../store/meta-pages';

const messages = MESSAGES.channels;

/**
 * The app's Messenger and Instagram webhook: signed by Meta (X-Hub-Signature-256, else 401 and
 * nothing queued); each person's message to a connected page is written to Kafka for the
 * page's agent, in the page's region, before the 200 (503 when Kafka cannot take it).
 */
export class MetaPageWebhook {
  private readonly recent = new RecentPublications();

  constructor(private readonly deps: { pages: MetaPageStore; publisher: InboundPublisher; appSecret: string; logger: Logger; now: () => Date }) {}

  async receive(rawBody: Buffer | undefined, signature: string | undefined, payload: MetaPageWebhookPayload): Promise<void> {
    if (!validMetaSignature(rawBody, signature, this.deps.appSecret)) throw unauthorized(messages.webhookSignatureInvalid);
    const publications: Array<Promise<void>> = [];
    for (const message of pageTextMessages(payload)) {
      const found = await this.deps.pages.findAnywhere(message.kind === 'messenger' ? 'pageId' : 'igPageId', message.recipientId);
      if (!found) continue;
      const data = pageInboundMessage(message, found.page, this.deps.now());
      const id = deterministicEventId(message.kind, found.page.pageId, message.id);
      publications.push(this.recent.once(id, () => this.deps.publisher.publish({ id, region: found.region, workspaceId: found.page.workspaceId, data })));
    }
    try {
      await Promise.all(publications);
    } catch (err) {
      this.deps.logger.error({ err }, 'inbound page message not queued');
      throw new HttpError(503, messages.webhookNotQueued);
    }
  }
}
