import type { Agent } from '../../api/agent-api';

/** What the agent says first: the start node's message with nodes on, else its init messages. */
export function greetingsOf(agent: Agent): string[] {
  const start = agent.enableNodes ? agent.nodes?.find((node) => node.type === 'start') : undefined;
  const message = (start as { data?: { message?: unknown } } | undefined)?.data?.message;
  if (typeof message === 'string' && message.trim()) return [message];
  return (agent.vg_initMessages ?? []).filter((m) => m.trim());
}
