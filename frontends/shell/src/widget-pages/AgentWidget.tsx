import { useEffect, useRef } from 'react';
import { useParams, useSearchParams } from 'react-router-dom';
import type { Region } from '@platform/contracts';
import { Center, Text } from '@platform/ui';
import { isRegion } from '../contexts/workspace-selection';

/** Where the built widget is served (the Website Script snippets load the same file). */
export const WIDGET_SCRIPT = '/widget/embed.js';

/**
 * The agent's real widget, exactly as a website embeds it: /widget/embed.js with the snippet's
 * data attributes, filling the element this renders (mode 'embedded'), or the viewport ('full').
 */
export function AgentWidget({ agentId, region, mode, height = '100%' }: { agentId: string; region?: Region; mode: 'embedded' | 'full'; height?: string }) {
  const container = useRef<HTMLDivElement>(null);
  const containerId = `agent-widget-${agentId}`;
  useEffect(() => {
    const target = container.current;
    if (!target) return;
    const script = document.createElement('script');
    script.src = WIDGET_SCRIPT;
    script.dataset.agentId = agentId;
    if (region) script.dataset.region = region;
    script.dataset.mode = mode;
    script.dataset.container = containerId;
    target.after(script);
    return () => {
      script.remove();
      target.replaceChildren();
    };
  }, [agentId, region, mode, containerId]);
  return <div id={containerId} ref={container} data-testid="agent-widget" style={{ width: '100%', height }} />;
}

function MissingAgent() {
  return (
    <Center h="100vh">
      <Text c="dimmed">No agent was named in this link.</Text>
    </Center>
  );
}

/** /app/{region}/render/{agentId}/iframe: the widget alone, full page, for the Website Script's iframe snippet. */
export function IframeRenderPage() {
  const { region, agentId } = useParams();
  if (!agentId) return <MissingAgent />;
  return <AgentWidget agentId={agentId} region={isRegion(region) ? region : undefined} mode="full" />;
}

/** /app/{region}/agents/{agentId}/share and /share?vg_id=: the agent's widget full page, without the shell. */
export function SharePage() {
  const { region, agentId } = useParams();
  const [search] = useSearchParams();
  const id = agentId ?? search.get('vg_id') ?? undefined;
  const regionName = region ?? search.get('region') ?? undefined;
  if (!id) return <MissingAgent />;
  return <AgentWidget agentId={id} region={isRegion(regionName) ? regionName : undefined} mode="full" />;
}
