import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { Region, WorkspaceChannelsResponse } from '@platform/contracts';
import { Alert, Anchor, Button, Loader, PageHeader, Table, Text, notify } from '@platform/ui';
import { useWorkspaceChannels } from './use-workspace-channels';

type WorkspaceChannels = WorkspaceChannelsResponse['data'];

export interface ConnectedChannelsPageProps<Row extends { agentId?: string }> {
  /** data-testid of the page (`<testId>-page`) and of its rows (`<testId>-row-<key>`) */
  testId: string;
  title: string;
  description: string;
  /** what the red alert says when the list could not be read */
  errorText: (error: string) => string;
  empty: string;
  rowsOf: (data: WorkspaceChannels) => Row[];
  keyOf: (row: Row) => string;
  /** the headers of the columns before "Agent", and each row's cells for them */
  columns: string[];
  cells: (row: Row) => ReactNode[];
  /** the agent's Channels tab this row links to (`?channel=`) */
  channel: string;
  remove: (region: Region, row: Row) => Promise<{ message: string }>;
  removeFailed: string;
}

/** A workspace page listing one kind of connected channel, each row linking to its agent and removable. */
export function ConnectedChannelsPage<Row extends { agentId?: string }>(props: ConnectedChannelsPageProps<Row>) {
  const { region, data, error, reload, titleOf } = useWorkspaceChannels();
  const remove = async (row: Row) => {
    try {
      notify.success((await props.remove(region, row)).message);
      await reload();
    } catch {
      notify.error(props.removeFailed);
    }
  };
  const rows = data && props.rowsOf(data);
  return (
    <div data-testid={`${props.testId}-page`}>
      <PageHeader title={props.title} description={props.description} />
      {error && <Alert color="red">{props.errorText(error)}</Alert>}
      {!data && !error && <Loader size="sm" />}
      {rows && rows.length === 0 && <Text c="dimmed">{props.empty}</Text>}
      {rows && rows.length > 0 && (
        <Table striped>
          <Table.Thead>
            <Table.Tr>
              {props.columns.map((column) => (
                <Table.Th key={column}>{column}</Table.Th>
              ))}
              <Table.Th>Agent</Table.Th>
              <Table.Th />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={props.keyOf(row)} data-testid={`${props.testId}-row-${props.keyOf(row)}`}>
                {props.cells(row).map((cell, at) => (
                  <Table.Td key={props.columns[at]}>{cell}</Table.Td>
                ))}
                <Table.Td>
                  <Anchor component={Link} to={`/app/${region}/agents/${row.agentId}/channels?channel=${props.channel}`}>
                    {titleOf(row.agentId)}
                  </Anchor>
                </Table.Td>
                <Table.Td>
                  <Button size="xs" color="red" variant="light" onClick={() => remove(row)}>
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
