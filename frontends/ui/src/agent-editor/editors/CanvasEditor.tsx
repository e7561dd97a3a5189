import { Component, Suspense, lazy, type ReactNode } from 'react';
import type { AgentNode } from '@platform/contracts';
import { Paper, Skeleton, Text } from '../../mantine';
import type { NodeLink, StoredNode } from './logic/nodes-graph';

const CanvasFlow = lazy(() => import(/* webpackChunkName: "canvas-flow" */ './CanvasFlow'));

export interface CanvasEditorProps {
  /** the agent's `nodes` field: {id, type (start|note|default|end), position, data, next} */
  nodes?: readonly AgentNode[] | readonly unknown[];
  /** extra links besides the nodes' `next` lists (kept in `next` from the first change on) */
  edges?: readonly NodeLink[];
  /** the new `nodes` (links in each node's `next`) and the same links as edges */
  onChange?: (nodes: StoredNode[], edges: NodeLink[]) => void;
  /** px, default 600 */
  height?: number;
  readOnly?: boolean;
}

class LoadBoundary extends Component<{ height: number; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <Paper withBorder p="md" h={this.props.height} radius="md">
        <Text c="red" size="sm">
          The canvas editor could not be loaded. Reload the page to try again.
        </Text>
      </Paper>
    );
  }
}

const EMPTY: readonly unknown[] = [];

/** The node graph editor (React Flow, loaded on first use): add, delete, connect and edit nodes; positions are kept. */
export function CanvasEditor({ nodes, edges, onChange, height = 600, readOnly }: CanvasEditorProps) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <LoadBoundary height={height}>
        <Suspense fallback={<Skeleton height={height} radius={0} />}>
          <CanvasFlow nodes={nodes ?? EMPTY} edges={edges} onChange={onChange} height={height} readOnly={readOnly} />
        </Suspense>
      </LoadBoundary>
    </Paper>
  );
}
