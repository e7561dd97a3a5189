import { NODE_TYPES, type AgentFlowNode, type AgentNodeData, type AgentNodeType } from '@platform/contracts';

/*
 * The agent's `nodes` field <-> the graph the Canvas editor draws, as pure functions.
 *
 * The stored shape is contracts' AgentFlowNode (the agent service's templates write it too):
 *   { id, type, position: {x, y}, data: {label, message?, prompt?, text?}, next: [ids] }
 * Links live in `next` (the ids of the nodes that may follow); any other field of a stored
 * node is kept as it is.
 */

export type NodeType = AgentNodeType;
export type NodeData = AgentNodeData;
export type XY = AgentFlowNode['position'];
/** A node as stored in the agent's `nodes` field (normalized). */
export type StoredNode = AgentFlowNode;

/** A node as the graph library draws it (React Flow's node, minus its runtime fields). */
export interface GraphNode {
  id: string;
  type: NodeType;
  position: XY;
  data: NodeData;
  deletable?: boolean;
}

export interface GraphEdge {
  id: string;
  source: string;
  target: string;
}

/** An extra link given beside the nodes (the `edges` prop). */
export interface NodeLink {
  source: string;
  target: string;
  id?: string;
}

export const NODE_LABELS: Record<NodeType, string> = { start: 'Start', default: 'Step', note: 'Note', end: 'End' };

/** Which data field holds a node's main text. */
export const NODE_TEXT_FIELD: Record<NodeType, 'message' | 'prompt' | 'text'> = {
  start: 'message',
  default: 'prompt',
  note: 'text',
  end: 'message',
};

/** Layout of nodes stored without a position: one column per step from start, notes above. */
export const LAYOUT = { column: 320, row: 160, noteRow: -200 } as const;

const isRecord = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object' && !Array.isArray(value);
const isNodeType = (value: unknown): value is NodeType => typeof value === 'string' && (NODE_TYPES as readonly string[]).includes(value);
const isXY = (value: unknown): value is XY => isRecord(value) && Number.isFinite(value.x) && Number.isFinite(value.y);
const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

export const edgeId = (source: string, target: string) => `${source}->${target}`;

/** An id not in `taken`: '{type}-{n}'. */
export function uniqueNodeId(type: NodeType, taken: ReadonlySet<string>): string {
  for (let n = 1; ; n++) {
    const id = `${type}-${n}`;
    if (!taken.has(id)) return id;
  }
}

/**
 * Positions for nodes that have none: columns by the number of steps from a start node
 * (following `next`), unreached nodes after the last column, notes in a row above.
 */
export function layoutPositions(nodes: Array<{ id: string; type: NodeType; next: string[]; position?: XY }>): Map<string, XY> {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const depth = new Map<string, number>();
  const queue = nodes.filter((n) => n.type === 'start').map((n) => n.id);
  for (const id of queue) depth.set(id, 0);
  while (queue.length) {
    const id = queue.shift()!;
    for (const target of byId.get(id)?.next ?? []) {
      if (!byId.has(target) || depth.has(target) || byId.get(target)!.type === 'note') continue;
      depth.set(target, depth.get(id)! + 1);
      queue.push(target);
    }
  }
  let lastColumn = Math.max(-1, ...depth.values());
  const rows = new Map<number, number>();
  const positions = new Map<string, XY>();
  let notes = 0;
  for (const node of nodes) {
    if (node.position) continue;
    if (node.type === 'note') {
      positions.set(node.id, { x: notes++ * LAYOUT.column, y: LAYOUT.noteRow });
      continue;
    }
    let column = depth.get(node.id);
    if (column === undefined) column = ++lastColumn;
    const row = rows.get(column) ?? 0;
    rows.set(column, row + 1);
    positions.set(node.id, { x: column * LAYOUT.column, y: row * LAYOUT.row });
  }
  return positions;
}

/**
 * The stored nodes in their full shape: a valid unique id, a type of the spec (anything else
 * reads as 'default'), data with a label, `next` as a list of ids, and a position (laid out
 * when missing). Other fields are kept. Entries that are not objects are dropped.
 */
export function normalizeNodes(input: readonly unknown[] | null | undefined): StoredNode[] {
  const records = (input ?? []).filter(isRecord);
  const taken = new Set<string>();
  const rawIds = records.map((r) => (typeof r.id === 'string' && ID_PATTERN.test(r.id) ? r.id : undefined));
  // Keep the first holder of each valid id; rename later duplicates.
  const keep = rawIds.map((id) => {
    if (!id || taken.has(id)) return undefined;
    taken.add(id);
    return id;
  });
  const draft = records.map((record, i) => {
    const type = isNodeType(record.type) ? record.type : 'default';
    const id = keep[i] ?? uniqueNodeId(type, taken);
    taken.add(id);
    const data: NodeData = { ...(isRecord(record.data) ? record.data : {}), label: '' };
    const rawLabel = isRecord(record.data) ? record.data.label : undefined;
    data.label = typeof rawLabel === 'string' && rawLabel.trim() ? rawLabel : NODE_LABELS[type];
    const next = Array.isArray(record.next) ? [...new Set(record.next.filter((t): t is string => typeof t === 'string'))] : [];
    return { record, id, type, data, next, position: isXY(record.position) ? { x: record.position.x, y: record.position.y } : undefined };
  });
  const laidOut = layoutPositions(draft);
  return draft.map(({ record, id, type, data, next, position }) => ({
    ...record,
    id,
    type,
    position: position ?? laidOut.get(id)!,
    data,
    next: next.filter((target) => target !== id),
  }));
}

/** Whether a link from `source` to `target` is allowed: start and default lead on; end and note lead nowhere; nothing leads to start or a note. */
export function canLink(sourceType: NodeType | undefined, targetType: NodeType | undefined): boolean {
  if (!sourceType || !targetType) return false;
  if (sourceType === 'end' || sourceType === 'note') return false;
  if (targetType === 'start' || targetType === 'note') return false;
  return true;
}

/** A new connection is valid when both ends exist, differ, may be linked and are not linked yet. */
export function canConnect(
  nodes: ReadonlyArray<{ id: string; type?: string }>,
  edges: ReadonlyArray<{ source: string; target: string }>,
  connection: { source?: string | null; target?: string | null },
): boolean {
  const { source, target } = connection;
  if (!source || !target || source === target) return false;
  const typeOf = (id: string) => {
    const type = nodes.find((n) => n.id === id)?.type;
    return isNodeType(type) ? type : undefined;
  };
  if (!canLink(typeOf(source), typeOf(target))) return false;
  return !edges.some((e) => e.source === source && e.target === target);
}

/** Stored nodes (plus optional extra links) as the graph to draw. Links to missing nodes are left out. */
export function toGraph(input: readonly unknown[] | null | undefined, links: readonly NodeLink[] = []): { nodes: GraphNode[]; edges: GraphEdge[] } {
  const stored = normalizeNodes(input);
  const ids = new Set(stored.map((n) => n.id));
  const nodes: GraphNode[] = stored.map((n) => ({
    id: n.id,
    type: n.type,
    position: { ...n.position },
    data: { ...n.data },
    ...(n.type === 'start' ? { deletable: false } : {}),
  }));
  const edges: GraphEdge[] = [];
  const seen = new Set<string>();
  const add = (source: string, target: string, id?: string) => {
    const key = edgeId(source, target);
    if (source === target || !ids.has(source) || !ids.has(target) || seen.has(key)) return;
    seen.add(key);
    edges.push({ id: id ?? key, source, target });
  };
  for (const node of stored) for (const target of node.next) add(node.id, target);
  for (const link of links) add(link.source, link.target, link.id);
  return { nodes, edges };
}

/**
 * The graph back as the agent's `nodes`: order, ids, types, rounded positions and data from
 * the graph, `next` from the edges (in edge order), every other field from the previous
 * stored node of the same id.
 */
export function fromGraph(
  graphNodes: ReadonlyArray<{ id: string; type?: string; position: XY; data: Record<string, unknown> }>,
  graphEdges: ReadonlyArray<{ source: string; target: string }>,
  previous: readonly unknown[] = [],
): StoredNode[] {
  const before = new Map(previous.filter(isRecord).filter((r) => typeof r.id === 'string').map((r) => [r.id as string, r]));
  const ids = new Set(graphNodes.map((n) => n.id));
  const next = new Map<string, string[]>();
  for (const edge of graphEdges) {
    if (!ids.has(edge.source) || !ids.has(edge.target) || edge.source === edge.target) continue;
    const list = next.get(edge.source) ?? [];
    if (!list.includes(edge.target)) list.push(edge.target);
    next.set(edge.source, list);
  }
  return graphNodes.map((node) => {
    const type = isNodeType(node.type) ? node.type : 'default';
    const label = typeof node.data.label === 'string' && node.data.label.trim() ? node.data.label : NODE_LABELS[type];
    return {
      ...(before.get(node.id) ?? {}),
      id: node.id,
      type,
      position: { x: Math.round(node.position.x), y: Math.round(node.position.y) },
      data: { ...node.data, label } as NodeData,
      next: next.get(node.id) ?? [],
    };
  });
}

/** The links held in stored nodes' `next`, as edges (the second argument of onChange). */
export function linksOf(nodes: readonly StoredNode[]): NodeLink[] {
  const ids = new Set(nodes.map((n) => n.id));
  return nodes.flatMap((n) => n.next.filter((t) => ids.has(t)).map((target) => ({ id: edgeId(n.id, target), source: n.id, target })));
}

/** A new node of `type` at `position`, with a fresh id and the type's default label. */
export function createNode(type: NodeType, existingIds: Iterable<string>, position: XY): GraphNode {
  const id = uniqueNodeId(type, new Set(existingIds));
  return {
    id,
    type,
    position: { x: Math.round(position.x), y: Math.round(position.y) },
    data: { label: NODE_LABELS[type], [NODE_TEXT_FIELD[type]]: '' },
    ...(type === 'start' ? { deletable: false } : {}),
  };
}

/** Node types the "Add node" menu offers: one start at most. */
export function addableNodeTypes(nodes: ReadonlyArray<{ type?: string }>): NodeType[] {
  const hasStart = nodes.some((n) => n.type === 'start');
  return NODE_TYPES.filter((t) => t !== 'start' || !hasStart);
}

/** The graph with one node's data changed (label or main text). */
export function updateNodeData<T extends { id: string; data: Record<string, unknown> }>(nodes: readonly T[], id: string, patch: Partial<NodeData>): T[] {
  return nodes.map((n) => (n.id === id ? { ...n, data: { ...n.data, ...patch } } : n));
}

/** Whether two `nodes` values are the same graph once normalized (compared as JSON). */
export const sameNodes = (a: readonly unknown[] | null | undefined, b: readonly unknown[] | null | undefined): boolean =>
  JSON.stringify(normalizeNodes(a)) === JSON.stringify(normalizeNodes(b));
