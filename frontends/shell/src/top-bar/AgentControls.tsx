import { Suspense, lazy, useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { BROWSER_STORAGE_KEYS, type AgentListItem, type Region } from '@platform/contracts';
import { Button, Group, IconBrandDiscord, IconBrandInstagram, IconBrandTelegram, IconBrandWhatsapp, IconChevronDown, IconCode, IconCopy, IconDownload, IconHistory, IconPhone, Menu, NOTICES, Popover, Stack, Text, notify, readStored, truncateName, useAgent, useAgents, useExportAgent, useSaveAgentBackup, writeStored, publishButtonState, agentTabHref, switchAgentHref, usePublishAgent } from '@platform/ui';
import { templateFileName } from '../agents/new-agent';
import { useAgentEditor } from '../contexts/agent-editor-context';
import { useWorkspace } from '../contexts/workspace-context';

const WebsiteScriptModal = lazy(() => import('../agent-area/topbar/WebsiteScriptModal'));
const VersionHistoryModal = lazy(() => import('../agent-area/topbar/VersionHistoryModal'));

/** Agents newest first (spec 2.6: the agent dropdown is sorted by lastModified descending). */
export const sortByLastModified = <T extends Pick<AgentListItem, 'lastModified'>>(agents: readonly T[]): T[] =>
  [...agents].sort((a, b) => (b.lastModified ?? 0) - (a.lastModified ?? 0));

/** The agent switcher: opens another agent in the same section. */
export function AgentSwitcher({ agentId }: { agentId: string }) {
  const { region, workspace } = useWorkspace();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const agents = useAgents(region, workspace?.uid);
  const current = useAgent(region, agentId);
  const { drafts } = useAgentEditor();
  const title = drafts[agentId]?.title ?? current.data?.title ?? agents.data?.find((a) => a.ID === agentId)?.title ?? 'Agent';
  return (
    <Menu width={280} position="bottom-start" shadow="md">
      <Menu.Target>
        <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="agent-switcher" className="topbar-switcher">
          <span className="topbar-switcher__name">{truncateName(title, 25)}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown data-testid="agent-switcher-list">
        <Menu.Label>Agents</Menu.Label>
        {sortByLastModified(agents.data ?? []).map((agent) => (
          <Menu.Item key={agent.ID} onClick={() => navigate(switchAgentHref(region, pathname, search, agent.ID))} fw={agent.ID === agentId ? 700 : undefined}>
            {truncateName(agent.title || 'Untitled agent', 25)}
          </Menu.Item>
        ))}
        {agents.data?.length === 0 && <Menu.Item disabled>No agents</Menu.Item>}
      </Menu.Dropdown>
    </Menu>
  );
}

function download(fileName: string, data: unknown) {
  const url = URL.createObjectURL(new Blob([JSON.stringify(data, null, 2)], { type: 'application/json' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), 1000);
}

type Panel = 'script' | 'versions' | null;

/** Publish (spec 4.6) with the agent actions menu (spec 2.6). Disabled until an agent is open. */
export function PublishControls({ agentId, compact = false }: { agentId?: string; compact?: boolean }) {
  const { region, workspace, user } = useWorkspace();
  const navigate = useNavigate();
  const stored = useAgent(region as Region, agentId);
  const { drafts, discardDraft } = useAgentEditor();
  const publisher = usePublishAgent();
  const backup = useSaveAgentBackup();
  const exporter = useExportAgent();
  const [panel, setPanel] = useState<Panel>(null);
  const [hint, setHint] = useState(false);

  const edited = agentId ? (drafts[agentId] ?? stored.data) : undefined;
  const state = publishButtonState(edited, stored.data, publisher.busy);
  const ready = Boolean(agentId && stored.data);

  // Unpublished edits live only in this tab: leaving or reloading the page asks first.
  const unpublished = ready && !state.disabled;
  useEffect(() => {
    if (!unpublished) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [unpublished]);

  const publish = async () => {
    if (!agentId || !edited || !(await publisher.publish(region, edited))) return;
    discardDraft(agentId);
    if (!readStored(BROWSER_STORAGE_KEYS.publishHintDismissed, false)) setHint(true);
    if (workspace && user) {
      backup.mutate({ region, agentId, workspaceId: workspace.uid, userEmail: user.email }, { onError: (e) => console.warn('agent backup not saved', e) });
    }
  };

  const copyId = async () => {
    if (!agentId) return;
    try {
      await navigator.clipboard.writeText(agentId);
    } catch {
      /* clipboard blocked: the id is still shown in Settings, Core */
    }
    notify.success(NOTICES.agent.copied);
  };

  const exportTemplate = () =>
    agentId &&
    exporter.mutate(
      { region, agentId },
      {
        onSuccess: (template) => {
          download(templateFileName(edited?.title), template);
          notify.success(NOTICES.agent.exported);
        },
        onError: (error) => notify.error(NOTICES.agent.exportFailed(error.message)),
      },
    );

  const go = (tab: 'voice' | 'channels', query: string) => agentId && navigate(`${agentTabHref(region, agentId, tab)}?${query}`);
  const dismissHint = (forever: boolean) => {
    if (forever) writeStored(BROWSER_STORAGE_KEYS.publishHintDismissed, true);
    setHint(false);
  };

  return (
    <>
      <Group gap={0} wrap="nowrap" style={{ flexShrink: 0 }}>
        <Popover opened={hint} onChange={setHint} position="bottom-end" withArrow shadow="md" width={300}>
          <Popover.Target>
            <Button
              size={compact ? 'xs' : 'sm'}
              variant={state.disabled ? 'default' : 'filled'}
              disabled={!ready || state.disabled}
              loading={publisher.busy}
              onClick={() => void publish()}
              style={{ borderTopRightRadius: 0, borderBottomRightRadius: 0 }}
              data-testid="publish"
            >
              {ready ? state.label : 'Publish'}
            </Button>
          </Popover.Target>
          <Popover.Dropdown data-testid="publish-hint">
            <Stack gap="xs">
              <Text size="sm" fw={600}>
                Published
              </Text>
              <Text size="sm">Your changes are live. To deploy the agent on your website, copy its Website Script from the menu next to Publish.</Text>
              <Group justify="flex-end" gap="xs">
                <Button size="xs" variant="subtle" onClick={() => dismissHint(true)}>
                  Don&apos;t show again
                </Button>
                <Button size="xs" onClick={() => dismissHint(false)}>
                  Got it
                </Button>
              </Group>
            </Stack>
          </Popover.Dropdown>
        </Popover>
        <Menu position="bottom-end" disabled={!agentId} width={230} shadow="md">
          <Menu.Target>
            <Button size={compact ? 'xs' : 'sm'} variant={state.disabled ? 'default' : 'filled'} px={6} disabled={!agentId} aria-label="Agent actions" data-testid="agent-actions" style={{ borderTopLeftRadius: 0, borderBottomLeftRadius: 0, borderLeft: '1px solid var(--mantine-color-default-border)' }}>
              <IconChevronDown size={14} />
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => void copyId()}>
              Copy Agent ID
            </Menu.Item>
            {edited?.enableNodes && (
              <Menu.Item leftSection={<IconDownload size={16} />} onClick={exportTemplate} disabled={exporter.isPending}>
                Export Agent Template
              </Menu.Item>
            )}
            <Menu.Item leftSection={<IconCode size={16} />} onClick={() => setPanel('script')}>
              Website Script
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconPhone size={16} />} onClick={() => go('voice', 'tab=phoneNumbers')}>
              Connect to Number
            </Menu.Item>
            <Menu.Item leftSection={<IconBrandWhatsapp size={16} />} onClick={() => go('channels', 'channel=whatsapp')}>
              WhatsApp
            </Menu.Item>
            <Menu.Item leftSection={<IconBrandDiscord size={16} />} onClick={() => go('channels', 'channel=discord')}>
              Discord
            </Menu.Item>
            <Menu.Item leftSection={<IconBrandTelegram size={16} />} onClick={() => go('channels', 'channel=telegram')}>
              Telegram
            </Menu.Item>
            <Menu.Item leftSection={<IconBrandInstagram size={16} />} onClick={() => go('channels', 'channel=instagram')}>
              Instagram
            </Menu.Item>
            <Menu.Divider />
            <Menu.Item leftSection={<IconHistory size={16} />} onClick={() => setPanel('versions')}>
              Version History
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <Suspense fallback={null}>
        {panel === 'script' && agentId && <WebsiteScriptModal region={region} agentId={agentId} onClose={() => setPanel(null)} />}
        {panel === 'versions' && agentId && <VersionHistoryModal region={region} agentId={agentId} onClose={() => setPanel(null)} onRestored={() => discardDraft(agentId)} />}
      </Suspense>
    </>
  );
}
