import { useState } from 'react';
import type { ConversationMessage, ConversationSummary, Lead, Region } from '@platform/contracts';
import { Alert, Anchor, Badge, Group, Loader, Paper, ScrollArea, SimpleGrid, Stack, Table, Text, UnstyledButton } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useConversations, useLeads } from '../api/hooks';

const CHANNEL_LABELS: Record<string, string> = {
  web: 'Website',
  test: 'Test chat',
  whatsapp: 'WhatsApp',
  instagram: 'Instagram',
  messenger: 'Messenger',
  discord: 'Discord',
  telegram: 'Telegram',
};
export const channelLabel = (channel: string) => CHANNEL_LABELS[channel] ?? channel;
const when = (ms: number) => new Date(ms).toLocaleString();

function Notice({ children, color = 'gray' }: { children: string; color?: string }) {
  return (
    <Alert variant="light" color={color} icon={<IconInfoCircle size={18} />}>
      {children}
    </Alert>
  );
}

/** The knowledge chunks an answer was grounded in: the source and page, with the excerpt on hover. */
function MessageSources({ sources }: { sources: NonNullable<ConversationMessage['sources']> }) {
  return (
    <Stack gap={2} mt={6} data-testid="message-sources">
      <Text size="xs" fw={600}>
        Answered from {sources.length === 1 ? 'this source' : `these ${sources.length} sources`}:
      </Text>
      {sources.map((source, i) => (
        <Text key={source.chunkId} size="xs" title={source.text} data-testid="message-source">
          [{i + 1}] {source.url ? <Anchor href={source.url} target="_blank" rel="noreferrer" size="xs">{source.name}</Anchor> : source.name} · “{source.text.slice(0, 90)}
          {source.text.length > 90 ? '…' : ''}” · similarity {source.score.toFixed(2)}
        </Text>
      ))}
    </Stack>
  );
}

function Transcript({ conversation }: { conversation: ConversationSummary }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid="conversation-transcript">
      <Group justify="space-between" mb="sm">
        <Badge variant="light">{channelLabel(conversation.channel)}</Badge>
        <Text size="xs" c="dimmed">
          Started {when(conversation.createdAt)}
        </Text>
      </Group>
      <ScrollArea.Autosize mah={480}>
        <Stack gap="xs">
          {conversation.messages.map((message, i) => (
            <Paper
              key={i}
              p="xs"
              radius="md"
              maw="85%"
              style={{ alignSelf: message.role === 'user' ? 'flex-end' : 'flex-start', whiteSpace: 'pre-wrap' }}
              bg={message.role === 'user' ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-hover)'}
              c={message.role === 'user' ? 'white' : undefined}
            >
              <Text size="sm">{message.content}</Text>
              {message.sources?.length ? <MessageSources sources={message.sources} /> : null}
              <Text size="xs" opacity={0.7}>
                {when(message.ts)}
              </Text>
            </Paper>
          ))}
        </Stack>
      </ScrollArea.Autosize>
    </Paper>
  );
}

/**
 * The Chats page's list (the shell's Chats tab and the client dashboard's): conversations newest first, the chosen one's messages beside it.
 * `openConversationId` opens that conversation first (a link from the Sessions page).
 */
export function ConversationsList({ region, agentId, openConversationId }: { region: Region; agentId: string; openConversationId?: string }) {
  const { data, isLoading, error } = useConversations(region, agentId);
  const [chosen, setChosen] = useState<string | undefined>(openConversationId);
  if (isLoading) return <Loader size="sm" />;
  if (error) return <Notice color="red">{`The conversations could not be loaded: ${error.message}`}</Notice>;
  if (!data?.length) return <Notice>No conversations yet. Chats appear here once people talk to the agent.</Notice>;
  const selected = data.find((c) => c.id === chosen) ?? data[0]!;
  return (
    <SimpleGrid cols={{ base: 1, md: 2 }} data-testid="conversations">
      <Stack gap="xs">
        {data.map((conversation) => {
          const last = conversation.messages.at(-1);
          return (
            <UnstyledButton key={conversation.id} onClick={() => setChosen(conversation.id)} data-testid="conversation-item" aria-current={conversation.id === selected.id || undefined}>
              <Paper withBorder p="sm" radius="md" bg={conversation.id === selected.id ? 'var(--mantine-color-default-hover)' : undefined}>
                <Group justify="space-between" wrap="nowrap">
                  <Badge variant="light" size="sm">
                    {channelLabel(conversation.channel)}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {when(conversation.updatedAt)}
                  </Text>
                </Group>
                <Text size="sm" truncate mt={4}>
                  {last?.content ?? ''}
                </Text>
                <Text size="xs" c="dimmed">
                  {conversation.messages.length} messages{conversation.leads.length ? ` · ${conversation.leads.map((l) => l.email ?? l.phone).join(', ')}` : ''}
                </Text>
              </Paper>
            </UnstyledButton>
          );
        })}
      </Stack>
      <Transcript conversation={selected} />
    </SimpleGrid>
  );
}

/** The Leads tab's table: every e-mail and phone number people left, newest first. */
export function LeadsTable({ region, agentId }: { region: Region; agentId: string }) {
  const { data, isLoading, error } = useLeads(region, agentId);
  if (isLoading) return <Loader size="sm" />;
  if (error) return <Notice color="red">{`The leads could not be loaded: ${error.message}`}</Notice>;
  if (!data?.length) return <Notice>No leads yet. E-mails and phone numbers people leave in conversations are listed here.</Notice>;
  return (
    <Table striped withTableBorder data-testid="leads">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Contact</Table.Th>
          <Table.Th>Channel</Table.Th>
          <Table.Th>First seen</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {data.map((lead: Lead) => (
          <Table.Tr key={`${lead.conversationId}:${lead.email ?? lead.phone}`}>
            <Table.Td>{lead.email ?? lead.phone}</Table.Td>
            <Table.Td>{channelLabel(lead.channel)}</Table.Td>
            <Table.Td>{when(lead.ts)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
