import { useCallback, useEffect, useMemo, useState } from 'react';
import { Navigate, useLocation, useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { AGENT_PAGE_LABELS, AGENT_TABS, BROWSER_STORAGE_KEYS, DEFAULT_AGENT_TAB, type AgentTabKey } from '@platform/contracts';
import { ApiError, CampaignsPage, agentNavLayout, Group, Skeleton, Stack, Text, Title, readStored, useAgent, useMediaQuery, writeStored, type Agent, AgentFormProvider, TabContent, agentTabHref, isAgentTab, resolveSubTab, visibleAgentTabs } from '@platform/ui';
import { useAgentEditor } from '../contexts/agent-editor-context';
import { useWorkspace } from '../contexts/workspace-context';
import { usePageTitle } from '../pages/page-title';
import { pickWorkspace, saveSelection } from '../contexts/workspace-selection';
import { AgentNav } from './AgentNav';
import { DebuggerPanel } from './DebuggerPanel';
import { buildSearchableTabs } from './logic/navigation-search';
import { missingAgentRedirect, regionFromMissingAgent } from './logic/redirect';
import './agent-area.css';

const SIDEBAR_COLLAPSED_KEY = 'platform.agentSidebarCollapsed';

/** /app/{region}/agents/{agentId}/{section}: spec 2.7. */
export default function AgentArea() {
  const { agentId = '', section: rawSection } = useParams();
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const { region, workspace, workspaces, user } = useWorkspace();
  const phone = useMediaQuery('(max-width: 48em)') ?? false;
  const query = useAgent(region, agentId);
  const { drafts, editDraft } = useAgentEditor();
  const [collapsed, setCollapsed] = useState(() => readStored(SIDEBAR_COLLAPSED_KEY, false));

  const stored = query.data;
  const agent: Agent | undefined = stored ? (drafts[stored.ID] ?? stored) : undefined;
  const enableNodes = Boolean(agent?.enableNodes);
  // Members of someone else's workspace are not its signed-in owner: they see Home and the organisation layout.
  const signedInOwner = workspace?.isOwn ?? true;
  const tabs = useMemo(() => visibleAgentTabs({ signedInOwner, enableNodes }), [signedInOwner, enableNodes]);
  const layout = agentNavLayout({ phone, signedInOwner });
  const searchTabs = useMemo(() => buildSearchableTabs(region, agentId, tabs), [region, agentId, tabs]);
  const hrefOf = useCallback((tab: AgentTabKey) => agentTabHref(region, agentId, tab), [region, agentId]);
  const editorOptions = useMemo(() => ({ themeOwnerId: user?.userId }), [user?.userId]);
  const onChange = useCallback((change: (a: Agent) => Agent) => stored && editDraft(stored, change), [stored, editDraft]);
  usePageTitle([isAgentTab(rawSection) ? AGENT_TABS[rawSection] : undefined, agent?.title || undefined].filter(Boolean).join(' · ') || 'Agent');

  // ?showDebugger=true turns the test panel on until it is closed (remembered locally).
  const debuggerParam = params.get('showDebugger') === 'true';
  useEffect(() => {
    if (debuggerParam) writeStored(BROWSER_STORAGE_KEYS.debugger, true);
  }, [debuggerParam]);

  // A missing agent: the other region when the answer names it (with a workspace there), else /404.
  const missing = query.error instanceof ApiError && query.error.status === 404;
  useEffect(() => {
    if (!missing) return;
    const error = query.error as ApiError;
    const other = regionFromMissingAgent(error.status, error.body);
    const target = other && other !== region ? pickWorkspace(workspaces.filter((w) => w.region === other), undefined, other) : undefined;
    if (target) saveSelection(target);
    const to = target ? missingAgentRedirect(error, { region, agentId, section: rawSection ?? DEFAULT_AGENT_TAB, search: location.search }) : '/404';
    navigate(to, { replace: true });
  }, [missing]); // eslint-disable-line react-hooks/exhaustive-deps

  const campaigns = rawSection === 'campaigns';
  if (!isAgentTab(rawSection) && !campaigns) return <Navigate to={`${hrefOf(DEFAULT_AGENT_TAB)}${location.search}`} replace />;

  if (query.isError && !missing) {
    return (
      <Stack p="xl" align="center" data-testid="agent-load-error">
        <Title order={3}>This agent could not be loaded</Title>
        <Text c="dimmed">{query.error.message}</Text>
      </Stack>
    );
  }
  if (!agent || missing) return <AgentAreaSkeleton layout={layout} />;
  // Campaigns: an agent-area page that is not a tab (spec: "other agent-area paths"), reached from Leads (ADR 0043)
  if (campaigns) {
    return (
      <div className="agent-area" data-layout={layout} data-testid="agent-area" data-agent-id={agent.ID}>
        <AgentNav layout={layout} tabs={tabs} active="leads" hrefOf={hrefOf} searchTabs={searchTabs} collapsed={collapsed} onToggleCollapsed={() => setCollapsed(!collapsed)} showSearch={phone} />
        <div className="agent-area__body">
          <section className="agent-area__content" data-testid="agent-page-campaigns" aria-label={AGENT_PAGE_LABELS.campaigns}>
            <CampaignsPage region={region} agentId={agent.ID} />
          </section>
        </div>
      </div>
    );
  }
  const section = rawSection as AgentTabKey;
  // A tab this agent or user does not have (e.g. Tools on a nodes agent) opens the default one.
  if (!tabs.includes(section)) return <Navigate to={hrefOf(tabs.includes(DEFAULT_AGENT_TAB) ? DEFAULT_AGENT_TAB : tabs[0])} replace />;

  const subTab = resolveSubTab(section, params.get('tab'));
  const setSubTab = (tab: string) => setParams((p) => ({ ...Object.fromEntries(p), tab }), { replace: false });
  const showDebugger = debuggerParam || readStored(BROWSER_STORAGE_KEYS.debugger, false);
  const closeDebugger = () => {
    writeStored(BROWSER_STORAGE_KEYS.debugger, false);
    setParams((p) => {
      const next = new URLSearchParams(p);
      next.delete('showDebugger');
      return next;
    });
  };

  const toggleCollapsed = () => {
    writeStored(SIDEBAR_COLLAPSED_KEY, !collapsed);
    setCollapsed(!collapsed);
  };

  return (
    <div className="agent-area" data-layout={layout} data-testid="agent-area" data-agent-id={agent.ID}>
      <AgentNav layout={layout} tabs={tabs} active={section} hrefOf={hrefOf} searchTabs={searchTabs} collapsed={collapsed} onToggleCollapsed={toggleCollapsed} showSearch={phone} />
      <div className="agent-area__body">
        <section className="agent-area__content" data-testid={`agent-tab-${section}`} aria-label={AGENT_TABS[section]}>
          <AgentFormProvider agent={agent} onChange={onChange} options={editorOptions}>
            <TabContent section={section} subTab={subTab} onSubTab={setSubTab} region={region} agentId={agent.ID} enableNodes={enableNodes} />
          </AgentFormProvider>
        </section>
        {showDebugger && !phone && <DebuggerPanel key={agent.ID} agent={agent} region={region} onClose={closeDebugger} />}
      </div>
    </div>
  );
}

/** Shown until the agent is loaded (spec 2.7). */
function AgentAreaSkeleton({ layout }: { layout: 'vertical' | 'horizontal' }) {
  return (
    <div className="agent-area" data-layout={layout} data-testid="agent-area-skeleton" aria-busy="true">
      {layout === 'horizontal' ? (
        <Group gap="sm" mb="lg" wrap="nowrap">
          {Array.from({ length: 9 }, (_, i) => (
            <Skeleton key={i} height={32} width={88} radius="sm" />
          ))}
        </Group>
      ) : (
        <Stack gap={8} p="xs" style={{ width: 250, flexShrink: 0 }}>
          {Array.from({ length: 10 }, (_, i) => (
            <Skeleton key={i} height={32} radius="sm" />
          ))}
        </Stack>
      )}
      <Stack gap="md" style={{ flex: 1 }}>
        <Skeleton height={28} width="40%" />
        <Skeleton height={14} width="60%" />
        <Skeleton height={180} radius="md" />
        <Skeleton height={120} radius="md" />
      </Stack>
    </div>
  );
}
