import { PROMPT_HISTORY_MESSAGES, type AgentFlowNode, type KnowledgeChunkHit, type AgentNode, type AgentSettings, type ConversationMessage } from '@platform/contracts';
import type { ChatMessage, ChatOptions } from '../clients/llm-client';

/** The agent settings the prompt is built from. */
export type PromptSettings = Pick<AgentSettings, 'vg_systemPrompt' | 'vg_prompt' | 'vg_initMessages' | 'vg_temperature' | 'vg_defaultModel' | 'vg_maxTokens' | 'enableNodes' | 'nodes'>;

export interface ConversationFlow {
  /** what the start node says */
  greeting?: string;
  /** the default nodes' instructions, in walk order */
  steps: Array<{ label?: string; prompt: string }>;
  /** what the end node says */
  closing?: string;
}

const textField = (node: AgentNode, key: 'message' | 'prompt' | 'label'): string | undefined => {
  const data = (node as Partial<AgentFlowNode>).data;
  const value = data && typeof data === 'object' ? data[key] : undefined;
  const direct = (node as Record<string, unknown>)[key];
  const found = typeof value === 'string' ? value : typeof direct === 'string' ? direct : undefined;
  return found?.trim() ? found.trim() : undefined;
};

/**
 * Walks the node graph from the start node along `next` (breadth first, each node once):
 * start → default nodes → end. Notes are ignored. Nodes without links (older agents) are
 * taken in array order.
 */
export function walkNodes(nodes: readonly AgentNode[] = []): ConversationFlow {
  const usable = nodes.filter((node) => node && node.type !== 'note');
  const byId = new Map(usable.filter((node) => typeof node.id === 'string').map((node) => [node.id as string, node]));
  const linked = usable.some((node) => Array.isArray((node as Partial<AgentFlowNode>).next) && (node as AgentFlowNode).next.length > 0);
  const start = usable.find((node) => node.type === 'start');
  let ordered: AgentNode[];
  if (linked && start) {
    ordered = [];
    const seen = new Set<AgentNode>();
    const queue: AgentNode[] = [start];
    while (queue.length) {
      const node = queue.shift()!;
      if (seen.has(node)) continue;
      seen.add(node);
      ordered.push(node);
      for (const id of (node as Partial<AgentFlowNode>).next ?? []) {
        const following = byId.get(id);
        if (following) queue.push(following);
      }
    }
  } else {
    ordered = [...usable];
  }
  const end = ordered.find((node) => node.type === 'end');
  return {
    greeting: start ? textField(start, 'message') : undefined,
    steps: ordered
      .filter((node) => node.type === 'default')
      .flatMap((node) => {
        const prompt = textField(node, 'prompt') ?? textField(node, 'message');
        return prompt ? [{ label: textField(node, 'label'), prompt }] : [];
      }),
    closing: end ? textField(end, 'message') : undefined,
  };
}

/** The messages a conversation opens with: the start node's message when nodes drive it, else vg_initMessages. */
export function greetingsOf(agent: PromptSettings): string[] {
  if (agent.enableNodes) {
    const { greeting } = walkNodes(agent.nodes);
    if (greeting) return [greeting];
  }
  return (agent.vg_initMessages ?? []).filter((message) => message.trim().length > 0);
}

function flowInstructions(flow: ConversationFlow): string | undefined {
  if (!flow.steps.length && !flow.closing) return undefined;
  const lines = ['Lead the conversation through these steps, in order:'];
  flow.steps.forEach((step, i) => lines.push(`${i + 1}. ${step.label ? `${step.label}: ` : ''}${step.prompt}`));
  if (flow.closing) lines.push(`When the steps are done, close with: ${flow.closing}`);
  return lines.join('\n');
}

/** The heading of the retrieved knowledge in the system message. */
export const KNOWLEDGE_SECTION = '## Knowledge base';

/** The retrieved chunks as a system-message section; each source is named on a heading line. */
export function knowledgeSection(chunks: readonly KnowledgeChunkHit[]): string | undefined {
  if (!chunks.length) return undefined;
  const excerpts = chunks.map((chunk, i) => `### [${i + 1}] ${chunk.name}${chunk.url ? ` (${chunk.url})` : ''}\n${chunk.text}`);
  return `${KNOWLEDGE_SECTION}\nAnswer from these excerpts of the agent's knowledge when they cover the question; do not invent what they do not say.\n\n${excerpts.join('\n\n')}`;
}

/**
 * The chat request for the model: one system message (vg_systemPrompt, vg_prompt, with
 * enableNodes the flow of the node graph, and the knowledge retrieved for this message), the
 * greetings as the assistant's first turns, the recent history, then the new message.
 */
export function buildPrompt(
  agent: PromptSettings,
  history: readonly ConversationMessage[],
  text: string,
  knowledge: readonly KnowledgeChunkHit[] = [],
): { messages: ChatMessage[]; options: ChatOptions & { model?: string } } {
  const system = [agent.vg_systemPrompt, agent.vg_prompt, agent.enableNodes ? flowInstructions(walkNodes(agent.nodes)) : undefined, knowledgeSection(knowledge)]
    .map((part) => part?.trim())
    .filter((part): part is string => Boolean(part))
    .join('\n\n');
  const messages: ChatMessage[] = [];
  if (system) messages.push({ role: 'system', content: system });
  for (const greeting of greetingsOf(agent)) messages.push({ role: 'assistant', content: greeting });
  for (const message of history.slice(-PROMPT_HISTORY_MESSAGES)) messages.push({ role: message.role, content: message.content });
  messages.push({ role: 'user', content: text });
  return {
    messages,
    options: {
      ...(agent.vg_temperature !== undefined ? { temperature: agent.vg_temperature } : {}),
      ...(agent.vg_maxTokens !== undefined ? { maxTokens: agent.vg_maxTokens } : {}),
      ...(agent.vg_defaultModel ? { model: agent.vg_defaultModel } : {}),
    },
  };
}
