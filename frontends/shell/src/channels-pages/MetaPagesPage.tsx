import { Link } from 'react-router-dom';
import { MESSAGES, META_PAGES_API } from '@platform/contracts';
import { Alert, Anchor, Button, Loader, PageHeader, Table, Text, callApi, notify } from '@platform/ui';
import { useWorkspaceChannels } from './use-workspace-channels';

/** /app/{region}/meta-pages: the Facebook pages (and their Instagram accounts) connected to the workspace's agents. */
export function MetaPagesPage() {
  const { region, data, error, reload, titleOf } = useWorkspaceChannels();
  const remove = async (agentId: string, pageId: string) => {
    try {
      notify.success((await callApi(META_PAGES_API.removeMetaPage, { region, body: { agentId, pageId } })).message);
      await reload();
    } catch {
      notify.error(MESSAGES.channels.pageRemoveFailed);
    }
  };
  return (
    <div data-testid="meta-pages-page">
      <PageHeader title="Meta Pages" description="Facebook pages and Instagram accounts your agents answer on" />
      {error && <Alert color="red">{error}</Alert>}
      {!data && !error && <Loader size="sm" />}
      {data && data.metaPages.length === 0 && <Text c="dimmed">No page is connected yet: connect one from an agent's Channels tab (Messenger or Instagram).</Text>}
      {data && data.metaPages.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Page</Table.Th>
              <Table.Th>Instagram</Table.Th>
              <Table.Th>Agent</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.metaPages.map((page) => (
              <Table.Tr key={page.pageId} data-testid={`meta-pages-row-${page.pageId}`}>
                <Table.Td>{page.pageName}</Table.Td>
                <Table.Td>{page.igPageName ? `@${page.igPageName}` : '—'}</Table.Td>
                <Table.Td>
                  <Anchor component={Link} to={`/app/${region}/agents/${page.agentId}/channels?channel=messenger`}>
                    {titleOf(page.agentId)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" color="red" variant="light" onClick={() => remove(page.agentId!, page.pageId!)}>
                    Remove
                  </Button>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
    </div>
  );
}
