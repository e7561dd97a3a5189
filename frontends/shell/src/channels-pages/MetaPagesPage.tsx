import { MESSAGES, META_PAGES_API } from '@platform/contracts';
import { callApi } from '@platform/ui';
import { ConnectedChannelsPage } from './ConnectedChannelsPage';

/** /app/{region}/meta-pages: the Facebook pages (and their Instagram accounts) connected to the workspace's agents. */
export function MetaPagesPage() {
  return (
    <ConnectedChannelsPage
      testId="meta-pages"
      title="Meta Pages"
      description="Facebook pages and Instagram accounts your agents answer on"
      errorText={(error) => error}
      empty="No page is connected yet: connect one from an agent's Channels tab (Messenger or Instagram)."
      rowsOf={(data) => data.metaPages}
      keyOf={(page) => page.pageId!}
      columns={['Page', 'Instagram']}
      cells={(page) => [page.pageName, page.igPageName ? `@${page.igPageName}` : '—']}
      channel="messenger"
      remove={(region, page) => callApi(META_PAGES_API.removeMetaPage, { region, body: { agentId: page.agentId!, pageId: page.pageId! } })}
      removeFailed={MESSAGES.channels.pageRemoveFailed}
    />
  );
}
