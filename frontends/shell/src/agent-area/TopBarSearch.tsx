import { useMemo } from 'react';
import { useAgent, visibleAgentTabs } from '@platform/ui';
import { useAgentEditor } from '../contexts/agent-editor-context';
import { useWorkspace } from '../contexts/workspace-context';
import { NavigationSearch } from './NavigationSearch';
import { buildSearchableTabs } from './logic/navigation-search';
import './agent-area.css';

/** The navigation search in the top bar while an agent is open: the tabs and sub-tabs this agent shows. */
export default function TopBarSearch({ agentId }: { agentId: string }) {
  const { region, workspace } = useWorkspace();
  const stored = useAgent(region, agentId);
  const { drafts } = useAgentEditor();
  const enableNodes = Boolean((drafts[agentId] ?? stored.data)?.enableNodes);
  const signedInOwner = workspace?.isOwn ?? true;
  const tabs = useMemo(
    () => buildSearchableTabs(region, agentId, visibleAgentTabs({ signedInOwner, enableNodes })),
    [region, agentId, signedInOwner, enableNodes],
  );
  if (!stored.data) return null;
  return <NavigationSearch tabs={tabs} />;
}
