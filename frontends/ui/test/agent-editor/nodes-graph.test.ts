import {
  LAYOUT,
  addableNodeTypes,
  canConnect,
  canLink,
  createNode,
  fromGraph,
  layoutPositions,
  linksOf,
  normalizeNodes,
  sameNodes,
  toGraph,
  updateNodeData,
} from '../../src/agent-editor/editors/logic/nodes-graph';

// The shape the agent service's templates store (start -> step -> end, plus a note).
const template = [
  { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Start', message: 'Hi!' }, next: ['ask'] },
  { id: 'ask', type: 'default', position: { x: 320, y: 0 }, data: { label: 'Ask', prompt: 'Ask for the e-mail.' }, next: ['end'], custom: { keep: true } },
  { id: 'end', type: 'end', position: { x: 640, y: 0 }, data: { label: 'End', message: 'Thanks' }, next: [] },
  { id: 'note-1', type: 'note', position: { x: 0, y: -200 }, data: { label: 'Note', text: 'Remember {email}' }, next: [] },
];

describe('Canvas: agent nodes <-> graph', () => {
  it('draws each node with its position and data, and a link per `next` entry', () => {
    const graph = toGraph(template);
    expect(graph.nodes.map((n) => [n.id, n.type, n.position.x, n.position.y])).toEqual([
      ['start', 'start', 0, 0],
      ['ask', 'default', 320, 0],
      ['end', 'end', 640, 0],
      ['note-1', 'note', 0, -200],
    ]);
    expect(graph.nodes[1]!.data).toEqual({ label: 'Ask', prompt: 'Ask for the e-mail.' });
    expect(graph.edges).toEqual([
      { id: 'start->ask', source: 'start', target: 'ask' },
      { id: 'ask->end', source: 'ask', target: 'end' },
    ]);
    // the start node cannot be deleted from the canvas
    expect(graph.nodes[0]!.deletable).toBe(false);
  });

  it('maps the graph back to the same nodes (round trip), keeping fields it does not know', () => {
    const graph = toGraph(template);
    const back = fromGraph(graph.nodes, graph.edges, template);
    expect(back).toEqual(template);
    expect(back[1]!.custom).toEqual({ keep: true });
  });

  it('takes `next` from the edges in edge order, rounds positions, drops links to missing nodes and self-links', () => {
    const graph = toGraph(template);
    const moved = graph.nodes.map((n) => (n.id === 'ask' ? { ...n, position: { x: 400.6, y: 80.2 } } : n));
    const edges = [
      { source: 'start', target: 'end' },
      { source: 'start', target: 'ask' },
      { source: 'start', target: 'ask' },
      { source: 'ask', target: 'ghost' },
      { source: 'ask', target: 'ask' },
    ];
    const back = fromGraph(moved, edges, template);
    expect(back.find((n) => n.id === 'start')!.next).toEqual(['end', 'ask']);
    expect(back.find((n) => n.id === 'ask')!.next).toEqual([]);
    expect(back.find((n) => n.id === 'ask')!.position).toEqual({ x: 401, y: 80 });
    expect(linksOf(back)).toEqual([
      { id: 'start->end', source: 'start', target: 'end' },
      { id: 'start->ask', source: 'start', target: 'ask' },
    ]);
  });

  it('a deleted node disappears with its links', () => {
    const graph = toGraph(template);
    const nodes = graph.nodes.filter((n) => n.id !== 'ask');
    const edges = graph.edges.filter((e) => e.source !== 'ask' && e.target !== 'ask');
    const back = fromGraph(nodes, edges, template);
    expect(back.map((n) => n.id)).toEqual(['start', 'end', 'note-1']);
    expect(back[0]!.next).toEqual([]);
  });

  it('normalizes incomplete stored nodes: ids, types, labels, next and positions', () => {
    const nodes = normalizeNodes([
      { type: 'start', next: ['b'] },
      { id: 'b', type: 'default', next: ['b', 'c', 'c', 7] },
      { id: 'b', type: 'end' },
      { id: 'bad id!', type: 'mystery', data: { label: '  ' } },
      'not a node',
      { id: 'n', type: 'note' },
    ]);
    expect(nodes.map((n) => n.id)).toEqual(['start-1', 'b', 'end-1', 'default-1', 'n']);
    expect(nodes.map((n) => n.type)).toEqual(['start', 'default', 'end', 'default', 'note']);
    expect(nodes.map((n) => n.data.label)).toEqual(['Start', 'Step', 'End', 'Step', 'Note']);
    // self-links and duplicates go; unknown targets stay in storage (the graph skips them)
    expect(nodes[1]!.next).toEqual(['c']);
    // laid out: start column 0, its follower column 1, unreached nodes after, notes above
    expect(nodes[0]!.position).toEqual({ x: 0, y: 0 });
    expect(nodes[1]!.position).toEqual({ x: LAYOUT.column, y: 0 });
    expect(nodes[2]!.position).toEqual({ x: 2 * LAYOUT.column, y: 0 });
    expect(nodes[3]!.position).toEqual({ x: 3 * LAYOUT.column, y: 0 });
    expect(nodes[4]!.position).toEqual({ x: 0, y: LAYOUT.noteRow });
    expect(toGraph([{ id: 'a', type: 'start', next: ['c'] }]).edges).toEqual([]);
  });

  it('keeps stored positions and lays out only the missing ones', () => {
    const positions = layoutPositions([
      { id: 's', type: 'start', next: ['a', 'b'], position: { x: 5, y: 5 } },
      { id: 'a', type: 'default', next: [] },
      { id: 'b', type: 'default', next: [] },
    ]);
    expect(positions.has('s')).toBe(false);
    expect(positions.get('a')).toEqual({ x: LAYOUT.column, y: 0 });
    expect(positions.get('b')).toEqual({ x: LAYOUT.column, y: LAYOUT.row });
  });

  it('adds the `edges` prop to the links, once', () => {
    const graph = toGraph(template, [
      { source: 'start', target: 'end' },
      { source: 'start', target: 'ask' },
    ]);
    expect(graph.edges.map((e) => e.id)).toEqual(['start->ask', 'ask->end', 'start->end']);
  });

  it('allows links from start/default to default/end only, never twice, never to itself', () => {
    expect(canLink('start', 'default')).toBe(true);
    expect(canLink('default', 'end')).toBe(true);
    expect(canLink('end', 'default')).toBe(false);
    expect(canLink('note', 'default')).toBe(false);
    expect(canLink('default', 'start')).toBe(false);
    expect(canLink('default', 'note')).toBe(false);
    const { nodes, edges } = toGraph(template);
    expect(canConnect(nodes, edges, { source: 'start', target: 'end' })).toBe(true);
    expect(canConnect(nodes, edges, { source: 'start', target: 'ask' })).toBe(false);
    expect(canConnect(nodes, edges, { source: 'ask', target: 'ask' })).toBe(false);
    expect(canConnect(nodes, edges, { source: 'ask', target: null })).toBe(false);
    expect(canConnect(nodes, edges, { source: 'ghost', target: 'end' })).toBe(false);
  });

  it('creates nodes with fresh ids and the type text field; offers one start at most', () => {
    const node = createNode('default', ['default-1', 'start'], { x: 10.4, y: 20.6 });
    expect(node).toEqual({ id: 'default-2', type: 'default', position: { x: 10, y: 21 }, data: { label: 'Step', prompt: '' } });
    expect(createNode('note', [], { x: 0, y: 0 }).data).toEqual({ label: 'Note', text: '' });
    expect(createNode('start', [], { x: 0, y: 0 }).deletable).toBe(false);
    expect(addableNodeTypes(toGraph(template).nodes)).toEqual(['note', 'default', 'end']);
    expect(addableNodeTypes([])).toEqual(['start', 'note', 'default', 'end']);
  });

  it('edits one node text and maps it back', () => {
    const graph = toGraph(template);
    const edited = updateNodeData(graph.nodes, 'ask', { prompt: 'New prompt', label: 'Renamed' });
    expect(edited[0]).toBe(graph.nodes[0]);
    const back = fromGraph(edited, graph.edges, template);
    expect(back[1]!.data).toEqual({ label: 'Renamed', prompt: 'New prompt' });
    // an emptied label falls back to the type's label
    expect(fromGraph(updateNodeData(graph.nodes, 'ask', { label: '' }), graph.edges, template)[1]!.data.label).toBe('Step');
  });

  it('recognizes its own echo (same graph, other object)', () => {
    expect(sameNodes(template, JSON.parse(JSON.stringify(template)))).toBe(true);
    expect(sameNodes(template, template.slice(1))).toBe(false);
    expect(sameNodes(undefined, [])).toBe(true);
  });
});
