import { MESSAGES, type ConnectableChannelType, type Region, type SocialPage } from '@platform/contracts';
import { HttpError, catalogOutboxEntry, type OutboxEntry } from '@platform/kit';
import type { ReachableAgent } from '../clients/agent-directory';
import { MetaGraphError, type MetaGraph } from '../clients/meta-graph';
import { socialPageOf } from '../domain/meta-pages';
import type { MetaPageStore, MetaPageView } from '../store/meta-pages';

const messages = MESSAGES.channels;
const refused = (err: unknown, text: (reason: string) => string) => (err instanceof MetaGraphError ? new HttpError(err.status >= 500 ? 502 : 400, text(err.reason)) : err);

/** Messenger and Instagram: the user's pages, the picker's subscription check, connecting and removing a page. */
export class MetaPageUseCases {
  constructor(
    private readonly deps: { pages: MetaPageStore; graph: MetaGraph; metaWebhookUrl: string; verifyToken: string; eventsWritten: () => void; now: () => Date },
  ) {}

  async pagesOf(userToken: string): Promise<SocialPage[]> {
    try {
      return (await this.deps.graph.pages(userToken)).map(socialPageOf);
    } catch (err) {
      throw refused(err, (reason) => reason);
    }
  }

  async isSubscribed(pageToken: string): Promise<boolean> {
    try {
      return await this.deps.graph.pageSubscribed(pageToken);
    } catch (err) {
      throw refused(err, (reason) => reason);
    }
  }

  /**
   * Subscribes the app's webhooks (Meta verifies the callback) and the page to the app, then
   * stores metaPages; a first connection writes new-channel-connection for Messenger, and for
   * Instagram when the page has an Instagram account.
   */
  async connect(region: Region, agent: ReachableAgent, page: SocialPage): Promise<void> {
    if (!page.accessToken) throw new HttpError(400, messages.pageConnectFailed('The page has no access token.'));
    try {
      await this.deps.graph.subscribeApp('page', this.deps.metaWebhookUrl, this.deps.verifyToken);
      if (page.connectedIgPage?.id) await this.deps.graph.subscribeApp('instagram', this.deps.metaWebhookUrl, this.deps.verifyToken);
      await this.deps.graph.subscribePage(page.id, page.accessToken);
    } catch (err) {
      throw refused(err, (reason) => messages.pageConnectFailed(reason));
    }
    const types: ConnectableChannelType[] = page.connectedIgPage?.id ? ['messenger', 'instagram'] : ['messenger'];
    const connected: OutboxEntry[] = types.map((channelType) =>
      catalogOutboxEntry('new-channel-connection', { region, workspaceId: agent.workspaceId, data: { agentId: agent.agentId, agentType: agent.agentType, channelId: page.id, channelType } }),
    );
    await this.deps.pages.save(
      region,
      {
        agentId: agent.agentId,
        pageId: page.id,
        pageName: page.name ?? '',
        igPageName: page.connectedIgPage?.username ?? page.connectedIgPage?.name ?? '',
        igPageId: page.connectedIgPage?.id ?? '',
        pageAccessToken: page.accessToken,
        workspaceId: agent.workspaceId,
        createdAt: this.deps.now(),
      },
      connected,
    );
    this.deps.eventsWritten();
  }

  list(region: Region, agentId: string): Promise<MetaPageView[]> {
    return this.deps.pages.listForAgent(region, agentId);
  }

  /** The page stops sending its messages to the app, and the record goes. */
  async remove(region: Region, agentId: string, pageId: string): Promise<void> {
    const page = await this.deps.pages.find(region, pageId);
    if (!page || page.agentId !== agentId) throw new HttpError(404, messages.pageRemoveFailed);
    try {
      await this.deps.graph.unsubscribePage(pageId, page.pageAccessToken);
    } catch (err) {
      if (err instanceof MetaGraphError && err.status >= 500) throw new HttpError(502, messages.pageRemoveFailed);
    }
    await this.deps.pages.remove(region, agentId, pageId);
  }
}
