import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { agentDraftSchema, newAgentDraft } from '@platform/contracts';
import { ApiError, Button, IconPlus, Modal, NOTICES, Stack, TextInput, agentApi, notify, useComputedColorScheme, validationMessage } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';
import { agentBase, type DashboardTab } from '../logic/tabs';
import { CLIENT_AGENTS_KEY } from './use-client-agents';

const titleSchema = agentDraftSchema.extract('title');

/**
 * New Agent (spec §6): a client with allowCreateAgents creates an agent; the agent service makes
 * it the agency workspace's and adds it to the organisation's widgetIDs. It then opens on the
 * client's first tab.
 */
export function NewAgentButton({ tabs, compact }: { tabs: DashboardTab[]; compact?: boolean }) {
  const { host } = useDashboard();
  const { organization } = useClientSession();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const dark = useComputedColorScheme('light') === 'dark';
  const [opened, setOpened] = useState(false);
  const [title, setTitle] = useState('');
  const [touched, setTouched] = useState(false);
  const [busy, setBusy] = useState(false);
  const error = touched ? validationMessage(titleSchema, title.trim()) : undefined;

  const create = async () => {
    setTouched(true);
    if (validationMessage(titleSchema, title.trim())) return;
    setBusy(true);
    const draft = newAgentDraft({ title: title.trim(), ownerID: organization.ownerID ?? '', themeMode: dark ? 'dark' : 'light' });
    try {
      await agentApi.save(host.region, draft);
      notify.success(NOTICES.agent.created);
      await queryClient.invalidateQueries({ queryKey: CLIENT_AGENTS_KEY });
      setOpened(false);
      setTitle('');
      setTouched(false);
      navigate(`${agentBase(host.region, draft.ID)}/${tabs[0]?.key ?? 'overview'}`);
    } catch (err) {
      notify.error(NOTICES.agent.createFailed(err instanceof ApiError ? err.message : String(err)));
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => setOpened(true)} data-testid="client-new-agent">
        {compact ? 'New' : 'New Agent'}
      </Button>
      <Modal opened={opened} onClose={() => setOpened(false)} title="New Agent" zIndex={500} data-testid="client-new-agent-modal">
        <Stack>
          <TextInput label="Agent Name" placeholder="e.g. Support Assistant" withAsterisk value={title} error={error} onChange={(e) => setTitle(e.currentTarget.value)} data-testid="client-new-agent-name" autoFocus />
          <Button onClick={create} loading={busy} data-testid="client-new-agent-create">
            Create Agent
          </Button>
        </Stack>
      </Modal>
    </>
  );
}
