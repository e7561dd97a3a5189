import { useCallback, useEffect, useMemo, useRef } from 'react';
import {
  Background,
  BackgroundVariant,
  Controls,
  Handle,
  MarkerType,
  MiniMap,
  Panel,
  Position,
  ReactFlow,
  ReactFlowProvider,
  addEdge,
  useEdgesState,
  useNodesState,
  useReactFlow,
  type Connection,
  type Edge,
  type EdgeChange,
  type Node,
  type NodeChange,
  type NodeProps,
  type NodeTypes,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import './canvas.css';
import { Badge, Box, Button, Group, IconPlus, IconX, Menu, Paper, Stack, Text, TextInput, Textarea, useComputedColorScheme } from '../../mantine';
import {
  NODE_LABELS,
  NODE_TEXT_FIELD,
  addableNodeTypes,
  canConnect,
  createNode,
  fromGraph,
  linksOf,
  sameNodes,
  toGraph,
  updateNodeData,
  type GraphEdge,
  type NodeData,
  type NodeLink,
  type NodeType,
  type StoredNode,
} from './logic/nodes-graph';

/*
 * The Canvas graph editor on React Flow. This module (and React Flow with it) is its own
 * chunk, loaded when a Canvas renders. The graph is edited here; every finished change
 * (connect, delete, add, text edit, drag end) is mapped back to the agent's `nodes` by the
 * pure functions of ./logic/nodes-graph and reported through onChange.
 */

type FlowNode = Node<NodeData, NodeType>;

export interface CanvasFlowProps {
  nodes: readonly unknown[];
  edges?: readonly NodeLink[];
  onChange?: (nodes: StoredNode[], edges: NodeLink[]) => void;
  height: number;
  readOnly?: boolean;
}

export const NODE_COLORS: Record<NodeType, string> = { start: 'teal', default: 'violet', note: 'yellow', end: 'red' };
const TEXT_LABEL: Record<NodeType, string> = { start: 'Message', default: 'Prompt', note: 'Note', end: 'Message' };
const NODE_WIDTH = 240;

const edgeStyle = (edge: GraphEdge | Edge): Edge => ({ ...edge, type: 'smoothstep', markerEnd: { type: MarkerType.ArrowClosed, width: 18, height: 18 } });

function NodeCard({ data, type, selected }: NodeProps<FlowNode>) {
  const kind = (type ?? 'default') as NodeType;
  const color = NODE_COLORS[kind];
  const body = String(data[NODE_TEXT_FIELD[kind]] ?? '');
  const note = kind === 'note';
  return (
    <Paper
      withBorder
      radius="md"
      shadow={selected ? 'md' : 'xs'}
      w={NODE_WIDTH}
      data-testid={`canvas-node-${kind}`}
      style={{
        borderColor: selected ? `var(--mantine-color-${color}-6)` : undefined,
        borderWidth: selected ? 2 : 1,
        background: note ? 'var(--mantine-color-yellow-light)' : undefined,
        borderStyle: note ? 'dashed' : undefined,
      }}
    >
      {(kind === 'default' || kind === 'end') && <Handle type="target" position={Position.Left} />}
      <Group gap={6} px="sm" pt={8} pb={4} wrap="nowrap">
        <Badge size="xs" color={color} variant={note ? 'outline' : 'filled'}>
          {NODE_LABELS[kind]}
        </Badge>
        <Text size="sm" fw={600} truncate>
          {data.label}
        </Text>
      </Group>
      <Text size="xs" c={body ? undefined : 'dimmed'} px="sm" pb={10} lineClamp={4} style={{ whiteSpace: 'pre-wrap' }}>
        {body || `No ${TEXT_LABEL[kind].toLowerCase()} yet`}
      </Text>
      {(kind === 'start' || kind === 'default') && <Handle type="source" position={Position.Right} />}
    </Paper>
  );
}

const NODE_TYPES_MAP: NodeTypes = { start: NodeCard, default: NodeCard, note: NodeCard, end: NodeCard };

function Inspector({ node, onData, onDelete, readOnly }: { node: FlowNode | undefined; onData: (id: string, patch: Partial<NodeData>) => void; onDelete: (id: string) => void; readOnly?: boolean }) {
  if (!node) {
    return (
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          Edit a node
        </Text>
        <Text size="xs" c="dimmed">
          Select a node to edit its label and text. Drag from a node&apos;s right handle to another node to link them; select a link or a node and
          press Delete to remove it.
        </Text>
      </Stack>
    );
  }
  const kind = (node.type ?? 'default') as NodeType;
  const field = NODE_TEXT_FIELD[kind];
  return (
    <Stack gap="xs" data-testid="canvas-inspector">
      <Group justify="space-between">
        <Badge color={NODE_COLORS[kind]}>{NODE_LABELS[kind]}</Badge>
        <Text size="xs" c="dimmed">
          {node.id}
        </Text>
      </Group>
      <TextInput label="Label" size="xs" value={node.data.label} onChange={(e) => onData(node.id, { label: e.currentTarget.value })} readOnly={readOnly} data-testid="canvas-label-input" />
      <Textarea
        label={TEXT_LABEL[kind]}
        size="xs"
        autosize
        minRows={3}
        maxRows={10}
        value={String(node.data[field] ?? '')}
        onChange={(e) => onData(node.id, { [field]: e.currentTarget.value })}
        readOnly={readOnly}
        data-testid="canvas-text-input"
      />
      {kind !== 'start' && !readOnly && (
        <Button size="xs" variant="light" color="red" leftSection={<IconX size={14} />} onClick={() => onDelete(node.id)}>
          Delete node
        </Button>
      )}
    </Stack>
  );
}

/** Changes that finish an edit (not selection, measuring or a drag in progress). */
const nodeChangeIsEdit = (change: NodeChange<FlowNode>) =>
  change.type === 'remove' || change.type === 'add' || change.type === 'replace' || (change.type === 'position' && change.dragging === false);
const edgeChangeIsEdit = (change: EdgeChange) => change.type === 'remove' || change.type === 'add' || change.type === 'replace';

function Flow({ nodes: storedNodes, edges: extraLinks, onChange, height, readOnly }: CanvasFlowProps) {
  const initial = useMemo(() => toGraph(storedNodes, extraLinks), []); // eslint-disable-line react-hooks/exhaustive-deps
  const [nodes, setNodes, applyNodes] = useNodesState<FlowNode>(initial.nodes as FlowNode[]);
  const [edges, setEdges, applyEdges] = useEdgesState<Edge>(initial.edges.map(edgeStyle));
  const flow = useReactFlow<FlowNode, Edge>();
  const wrapper = useRef<HTMLDivElement>(null);
  const dark = useComputedColorScheme('light') === 'dark';

  // What we last reported (or were given): a new `nodes` value that is the same graph is our own echo.
  const lastKnown = useRef<readonly unknown[]>(storedNodes);
  const previous = useRef<readonly unknown[]>(storedNodes);
  const pending = useRef(false);

  useEffect(() => {
    previous.current = storedNodes;
    if (storedNodes === lastKnown.current || sameNodes(storedNodes, lastKnown.current)) return;
    lastKnown.current = storedNodes;
    const graph = toGraph(storedNodes, extraLinks);
    setNodes(graph.nodes as FlowNode[]);
    setEdges(graph.edges.map(edgeStyle));
  }, [storedNodes, extraLinks, setNodes, setEdges]);

  useEffect(() => {
    if (!pending.current) return;
    pending.current = false;
    const stored = fromGraph(nodes, edges, previous.current);
    lastKnown.current = stored;
    onChange?.(stored, linksOf(stored));
  }, [nodes, edges, onChange]);

  const onNodesChange = useCallback(
    (changes: NodeChange<FlowNode>[]) => {
      if (changes.some(nodeChangeIsEdit)) pending.current = true;
      applyNodes(changes);
    },
    [applyNodes],
  );
  const onEdgesChange = useCallback(
    (changes: EdgeChange[]) => {
      if (changes.some(edgeChangeIsEdit)) pending.current = true;
      applyEdges(changes);
    },
    [applyEdges],
  );
  const isValidConnection = useCallback((connection: Connection | Edge) => canConnect(flow.getNodes(), flow.getEdges(), connection), [flow]);
  const onConnect = useCallback(
    (connection: Connection) => {
      if (!canConnect(flow.getNodes(), flow.getEdges(), connection)) return;
      pending.current = true;
      setEdges((list) => addEdge(edgeStyle({ id: `${connection.source}->${connection.target}`, source: connection.source, target: connection.target }), list));
    },
    [flow, setEdges],
  );

  const addNode = (type: NodeType) => {
    const box = wrapper.current?.getBoundingClientRect();
    const center = box ? flow.screenToFlowPosition({ x: box.left + box.width / 2, y: box.top + box.height / 2 }) : { x: 0, y: 0 };
    // a little offset per node so several added in a row do not stack exactly
    const offset = (nodes.length % 5) * 24;
    const node = createNode(type, nodes.map((n) => n.id), { x: center.x - NODE_WIDTH / 2 + offset, y: center.y - 40 + offset }) as FlowNode;
    pending.current = true;
    setNodes((list) => [...list.map((n) => ({ ...n, selected: false })), { ...node, selected: true }]);
  };

  const onData = (id: string, patch: Partial<NodeData>) => {
    pending.current = true;
    setNodes((list) => updateNodeData(list, id, patch));
  };

  const onDelete = (id: string) => void flow.deleteElements({ nodes: [{ id }] });

  const selected = nodes.find((n) => n.selected);

  return (
    <Group gap={0} wrap="nowrap" align="stretch" h={height} data-testid="canvas-editor">
      <Box ref={wrapper} className="agent-canvas" style={{ position: 'relative', flex: 1, minWidth: 0 }}>
        <ReactFlow<FlowNode, Edge>
          nodes={nodes}
          edges={edges}
          nodeTypes={NODE_TYPES_MAP}
          onNodesChange={onNodesChange}
          onEdgesChange={onEdgesChange}
          onConnect={onConnect}
          isValidConnection={isValidConnection}
          deleteKeyCode={readOnly ? null : ['Backspace', 'Delete']}
          nodesDraggable={!readOnly}
          nodesConnectable={!readOnly}
          colorMode={dark ? 'dark' : 'light'}
          fitView
          fitViewOptions={{ padding: 0.15, maxZoom: 1 }}
          minZoom={0.2}
          proOptions={{ hideAttribution: true }}
        >
          <Background variant={BackgroundVariant.Dots} gap={18} size={1} />
          <Controls showInteractive={false} />
          <MiniMap pannable zoomable ariaLabel="Canvas overview" style={{ width: 160, height: 100 }} nodeColor={(n) => `var(--mantine-color-${NODE_COLORS[(n.type ?? 'default') as NodeType]}-5)`} />
          {!readOnly && (
            <Panel position="top-left">
              <Menu position="bottom-start" shadow="md">
                <Menu.Target>
                  <Button size="xs" leftSection={<IconPlus size={14} />} data-testid="canvas-add-node">
                    Add node
                  </Button>
                </Menu.Target>
                <Menu.Dropdown>
                  {addableNodeTypes(nodes).map((type) => (
                    <Menu.Item key={type} onClick={() => addNode(type)} leftSection={<Badge size="xs" color={NODE_COLORS[type]} circle> </Badge>} data-testid={`canvas-add-${type}`}>
                      {type === 'default' ? 'Step (default)' : NODE_LABELS[type]}
                    </Menu.Item>
                  ))}
                </Menu.Dropdown>
              </Menu>
            </Panel>
          )}
        </ReactFlow>
      </Box>
      <Box w={280} p="sm" style={{ flex: 'none', borderLeft: '1px solid var(--mantine-color-default-border)', overflowY: 'auto' }}>
        <Inspector node={selected} onData={onData} onDelete={onDelete} readOnly={readOnly} />
      </Box>
    </Group>
  );
}

export default function CanvasFlow(props: CanvasFlowProps) {
  return (
    <ReactFlowProvider>
      <Flow {...props} />
    </ReactFlowProvider>
  );
}
