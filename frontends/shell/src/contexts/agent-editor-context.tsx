import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import type { Agent } from '@platform/ui';

/**
 * Unsaved edits of agents, shared by the agent area (which edits) and the top bar (whose
 * Publish compares them with the stored agent). Keyed by agent id: switching agents keeps each
 * agent's edits until they are published or discarded. Also opens the New Agent drawer from
 * the side navigation and the agents list.
 */
interface AgentEditorValue {
  drafts: Readonly<Record<string, Agent>>;
  /** Applies `change` to the agent's draft, starting from `stored` when there is none yet. */
  editDraft: (stored: Agent, change: (current: Agent) => Agent) => void;
  discardDraft: (agentId: string) => void;
  newAgentOpen: boolean;
  openNewAgent: () => void;
  closeNewAgent: () => void;
}

const AgentEditorContext = createContext<AgentEditorValue | null>(null);

export function AgentEditorProvider({ children }: { children: ReactNode }) {
  const [drafts, setDrafts] = useState<Record<string, Agent>>({});
  const [newAgentOpen, setNewAgentOpen] = useState(false);

  const editDraft = useCallback((stored: Agent, change: (current: Agent) => Agent) => {
    setDrafts((all) => ({ ...all, [stored.ID]: change(all[stored.ID] ?? stored) }));
  }, []);
  const discardDraft = useCallback((agentId: string) => {
    setDrafts((all) => {
      if (!(agentId in all)) return all;
      const next = { ...all };
      delete next[agentId];
      return next;
    });
  }, []);
  const openNewAgent = useCallback(() => setNewAgentOpen(true), []);
  const closeNewAgent = useCallback(() => setNewAgentOpen(false), []);

  const value = useMemo(
    () => ({ drafts, editDraft, discardDraft, newAgentOpen, openNewAgent, closeNewAgent }),
    [drafts, editDraft, discardDraft, newAgentOpen, openNewAgent, closeNewAgent],
  );
  return <AgentEditorContext.Provider value={value}>{children}</AgentEditorContext.Provider>;
}

export function useAgentEditor(): AgentEditorValue {
  const value = useContext(AgentEditorContext);
  if (!value) throw new Error('useAgentEditor outside AgentEditorProvider');
  return value;
}

/** The agent id of the open agent page, if any (/app/{region}/agents/{id}/...). */
export const agentIdFromPath = (pathname: string): string | undefined => {
  const id = /^\/app\/(?:eu|na)\/agents\/([^/]+)/.exec(pathname)?.[1];
  return id ? decodeURIComponent(id) : undefined;
};
