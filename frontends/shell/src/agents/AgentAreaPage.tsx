import { useParams } from 'react-router-dom';
import { AGENT_TABS, DEFAULT_AGENT_TAB, type AgentTabKey } from '@platform/contracts';
import { PageHeader, ScreenPlaceholder } from '@platform/ui';

/** /app/{region}/agents/{agentId}/{section}: the agent area arrives with a later issue. */
export function AgentAreaPage() {
  const { agentId = '', section = DEFAULT_AGENT_TAB } = useParams();
  const label = AGENT_TABS[section as AgentTabKey] ?? section;
  return (
    <>
      <PageHeader title={label} description={`Agent ${agentId}`} />
      <ScreenPlaceholder title={label} />
    </>
  );
}
