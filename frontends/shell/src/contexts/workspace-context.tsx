import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router-dom';
import { BROWSER_STORAGE_KEYS, type Region } from '@platform/contracts';
import { ApiError, readStored, useSession, type SessionUser, type SessionWorkspace } from '@platform/ui';
import { PageLoader } from '../pages/PageLoader';
import { RegionSwitchScreen } from './RegionSwitchScreen';
import { loadSelection, pickWorkspace, planSwitch, saveSelection } from './workspace-selection';

interface WorkspaceContextValue {
  region: Region;
  user?: SessionUser;
  workspaces: SessionWorkspace[];
  workspace?: SessionWorkspace;
  /** Set when the session could not be read for another reason than "signed out". */
  sessionError?: Error;
  retrySession: () => void;
  switchTo: (target: SessionWorkspace) => void;
}

const WorkspaceContext = createContext<WorkspaceContextValue | null>(null);

export function useWorkspace(): WorkspaceContextValue {
  const value = useContext(WorkspaceContext);
  if (!value) throw new Error('useWorkspace outside WorkspaceProvider');
  return value;
}

/** How long the 'Switching to {REGION} region...' screen stays before the new region loads. */
const REGION_SWITCH_MS = 900;

/** Session, workspace selection (spec 4.4, 4.5) and the region switch for the app routes; `pending` shows while the session loads. */
export function WorkspaceProvider({ region, pending = <PageLoader />, children }: { region: Region; pending?: ReactNode; children: ReactNode }) {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const [switchingTo, setSwitchingTo] = useState<Region | null>(null);
  const [selectionVersion, setSelectionVersion] = useState(0);

  const workspaces = useMemo(() => session.data?.workspaces ?? [], [session.data]);
  // selectionVersion re-reads the stored selection after a switch.
  const workspace = useMemo(() => pickWorkspace(workspaces, loadSelection(), region), [workspaces, region, selectionVersion]); // eslint-disable-line react-hooks/exhaustive-deps

  const switchTo = useCallback(
    (target: SessionWorkspace) => {
      saveSelection(target);
      setSelectionVersion((v) => v + 1);
      const plan = planSwitch(target, region, location.pathname);
      if (plan.kind === 'reload') return window.location.reload();
      if (plan.kind === 'navigate') return navigate(plan.to);
      setSwitchingTo(plan.region);
      window.setTimeout(() => {
        setSwitchingTo(null);
        navigate(plan.to);
      }, REGION_SWITCH_MS);
    },
    [region, location.pathname, navigate],
  );

  if (switchingTo) return <RegionSwitchScreen region={switchingTo} />;
  if (session.isPending) return <>{pending}</>;
  if (session.error instanceof ApiError && session.error.status === 401) return <Navigate to="/login" replace />;
  if (session.data?.needsOnboarding && !readStored(BROWSER_STORAGE_KEYS.onboardingCompleted, false)) return <Navigate to={`/onboarding?region=${region}`} replace />;
  // A selection in the other region wins over the URL: land on that region's agents list.
  if (workspace && workspace.region !== region) return <Navigate to={`/app/${workspace.region}/agents`} replace />;

  const value: WorkspaceContextValue = {
    region,
    user: session.data?.user,
    workspaces,
    workspace,
    sessionError: session.error ?? undefined,
    retrySession: () => void session.refetch(),
    switchTo,
  };
  return <WorkspaceContext.Provider value={value}>{children}</WorkspaceContext.Provider>;
}
