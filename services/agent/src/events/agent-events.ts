import { eventRoute, makeEvent, stripAgentSecrets, type EventEnvelope, type Region } from '@platform/contracts';
import { outboxEntry, type OutboxEntry } from '@platform/kit';
import { agentView, type AgentRecord } from '../domain/agent-record';

/** new-agent for partners: {agent} without its secrets, keyed by the agent id, written with the agent (outbox). */
export function newAgentEvent(region: Region, record: AgentRecord): OutboxEntry {
  const event = makeEvent('new-agent', { region, workspaceId: record.userId, data: { agent: stripAgentSecrets(agentView(record)) } });
  const { topic, key } = eventRoute(event);
  // The outbox stores any envelope; the typed data was built above.
  return outboxEntry(topic, key, event as unknown as EventEnvelope);
}
