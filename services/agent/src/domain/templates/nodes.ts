import type { AgentFlowNode } from '@platform/contracts';

const COLUMN = 320;

/** A template's conversation graph (contracts' node shape), as a straight flow: start, the steps in order, end; notes sit above the flow and link nowhere. */
export function linearFlow(input: {
  start: { label?: string; message: string };
  steps: Array<{ id: string; label: string; prompt: string }>;
  end: { label?: string; message: string };
  notes?: string[];
}): AgentFlowNode[] {
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
