import { AGENT_API, UPSTREAM_MESSAGES, servicePath, type Region, type ResponseOf } from '@platform/contracts';
import { callService, type ServiceClient } from '@platform/kit';

/** What the agent says first (its widget greetings: vg_initMessages, or the start node's message). */
export type AgentGreetings = (region: Region, agentId: string) => Promise<string[]>;

/** The agent service's public widget settings (GET /widget/agents/:agentId); none when the agent is gone or the service does not answer. */
export function widgetGreetings(client: ServiceClient): AgentGreetings {
  return async (region, agentId) => {
    const path = servicePath(AGENT_API.getWidgetSettings.path, { agentId });
    try {
      const response = await callService(client, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable: UPSTREAM_MESSAGES.agentUnavailable });
      if (!response.ok) return [];
      return ((await response.json()) as ResponseOf<typeof AGENT_API.getWidgetSettings>).data.greetings ?? [];
    } catch {
      return [];
    }
  };
}
