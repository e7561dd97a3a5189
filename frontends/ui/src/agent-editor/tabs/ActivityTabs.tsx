import { Link, useSearchParams } from 'react-router-dom';
import { Anchor } from '@mantine/core';
import { AgentUsageStats } from '../../agent-pages/AgentUsageStats';
import { ConversationsList, LeadsTable } from '../../agent-pages/ConversationsList';
import { Group, Stack } from '../../mantine';
import { FormSection, NumberField, SwitchField, TextField, useAgentForm } from '../forms/fields';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';
import { SESSION_QUERY_PARAM } from '../logic/tabs';

/** Chats, Analytics and Leads: their settings, over data the conversation services fill. */
export function ActivityTab({ kind, region, agentId }: TabProps & { kind: 'convos' | 'analytics' | 'leads' }) {
  const { agent } = useAgentForm();
  const [search] = useSearchParams();
  if (kind === 'convos') {
    return (
      <Stack gap="lg">
        <TabHeader title="Chats" description="Conversations people had with the agent" />
        <ConversationsList region={region} agentId={agentId} openConversationId={search.get(SESSION_QUERY_PARAM) ?? undefined} />
        <FormSection title="Chat history">
          <SwitchField path="recordChatHistory" label="Record chat history" />
          <SwitchField path="chatForget" label="Forget the conversation when the widget closes" />
          <SwitchField path="disableNoReplyListener" label="Do not follow up when the visitor stops replying" />
          <Group grow>
            <NumberField path="messagesLimit" label="Messages per conversation" min={0} description="0 for no limit" />
          </Group>
        </FormSection>
      </Stack>
    );
  }
  if (kind === 'analytics') {
    return (
      <Stack gap="lg">
        <TabHeader title="Analytics" description="How much the agent is used" />
        <AgentUsageStats agent={agent} />
        <FormSection title="Tracking" cols={2}>
          <SwitchField path="enableGeoAnalytics" label="Geo analytics (visitor countries)" />
          <NumberField path="maxTokensUsage" label="Token limit" min={0} description="0 for no limit" />
        </FormSection>
      </Stack>
    );
  }
  return (
    <Stack gap="lg">
      <TabHeader title="Leads" description="Contacts the agent collected" />
      <LeadsTable region={region} agentId={agentId} />
      <Anchor component={Link} to={`/app/${region}/agents/${encodeURIComponent(agentId)}/campaigns`} size="sm" data-testid="leads-campaigns-link">
        Send a WhatsApp campaign to these leads
      </Anchor>
      <FormSection title="Lead delivery" description="Every new lead is also posted to this webhook">
        <TextField path="webhookUrl" label="Webhook URL" placeholder="https://example.com/leads" />
      </FormSection>
    </Stack>
  );
}
