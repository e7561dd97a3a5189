import type { Tool, WorkspaceFunctionView } from '@platform/contracts';

/** The host a tool calls, or undefined when its serverUrl is unset or not a URL. */
export function hostOf(serverUrl?: string): string | undefined {
  if (!serverUrl) return undefined;
  try {
    return new URL(serverUrl).host;
  } catch {
    return undefined;
  }
}

/** The Functions page's rows: each agent's voice tools in the agents' order, without their secrets. */
export function workspaceFunctions(agents: Array<{ ID: string; title?: string; enableNodes?: boolean; tools?: Tool[] }>): WorkspaceFunctionView[] {
  return agents.flatMap((agent) =>
    (agent.tools ?? []).map((tool) => ({
      agentId: agent.ID,
      ...(agent.title ? { agentTitle: agent.title } : {}),
      editIn: agent.enableNodes ? ('nodes' as const) : ('tools' as const),
      id: tool.id,
      name: tool.name,
      description: tool.description,
      ...(hostOf(tool.serverUrl) ? { host: hostOf(tool.serverUrl) } : {}),
      fields: tool.fields?.length ?? 0,
      ...(tool.updatedAt ? { updatedAt: tool.updatedAt } : {}),
    })),
  );
}
