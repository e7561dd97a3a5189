import type { AgentNode } from '@platform/contracts';

/**
 * Nodes of a template's conversation graph. The spec names only the node types (start,
 * note, default, end); this shape is ours: a position on the canvas, what the node says or
 * instructs in `data`, and the ids of the nodes that may follow in `next`.
 */
export interface TemplateNode extends AgentNode {
  id: string;
  type: AgentNode['type'];
  position: { x: number; y: number };
  data: { label: string; message?: string; prompt?: string; text?: string };
  next: string[];
}

const COLUMN = 320;

/** A straight flow: start, the steps in order, end; notes sit above the flow and link nowhere. */
export function linearFlow(input: {
  start: { label?: string; message: string };
  steps: Array<{ id: string; label: string; prompt: string }>;
  end: { label?: string; message: string };
  notes?: string[];
}): TemplateNode[] {
  const ids = ['start', ...input.steps.map((step) => step.id), 'end'];
  const nextOf = (index: number) => (index + 1 < ids.length ? [ids[index + 1]!] : []);
  const at = (index: number) => ({ x: index * COLUMN, y: 0 });
  return [
    { id: 'start', type: 'start', position: at(0), data: { label: input.start.label ?? 'Start', message: input.start.message }, next: nextOf(0) },
    ...input.steps.map((step, i) => ({
      id: step.id,
      type: 'default' as const,
      position: at(i + 1),
      data: { label: step.label, prompt: step.prompt },
      next: nextOf(i + 1),
    })),
    { id: 'end', type: 'end', position: at(ids.length - 1), data: { label: input.end.label ?? 'End', message: input.end.message }, next: [] },
    ...(input.notes ?? []).map((text, i) => ({
      id: `note-${i + 1}`,
      type: 'note' as const,
      position: { x: i * COLUMN, y: -200 },
      data: { label: 'Note', text },
      next: [],
    })),
  ];
}
