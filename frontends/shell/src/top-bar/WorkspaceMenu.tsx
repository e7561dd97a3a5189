import { Suspense, lazy, useState } from 'react';
import { REGIONS } from '@platform/contracts';
import {
  Button,
  IconCheck,
  IconChevronDown,
  IconLogout,
  IconPlus,
  IconSettings,
  IconUserPlus,
  LIST_NAME_MAX,
  Menu,
  RegionBadge,
  SHORT_NAME_MAX,
  Text,
  truncateName,
} from '@platform/ui';
import { useSignOut } from './useSignOut';
import { useWorkspace } from '../contexts/workspace-context';
import { workspacesIn } from '../contexts/workspace-selection';

// Forms load with the contracts' joi schemas only when opened.
const InviteDrawer = lazy(() => import('../app/InviteDrawer'));
const EditWorkspaceDrawer = lazy(() => import('../app/EditWorkspaceDrawer'));
const NewWorkspaceModal = lazy(() => import('./NewWorkspaceModal'));

type Panel = 'invite' | 'edit' | 'new' | null;

/** Workspace dropdown: current workspace with region, Settings, + New User, EU and NA lists, + New Workspace. */
export function WorkspaceMenu() {
  const { workspace, workspaces, switchTo } = useWorkspace();
  const [panel, setPanel] = useState<Panel>(null);
  const signOut = useSignOut();
  const close = () => setPanel(null);

  return (
    <>
      <Menu width={260} position="bottom-start" shadow="md">
        <Menu.Target>
          <Button variant="default" rightSection={<IconChevronDown size={14} />} data-testid="workspace-switcher" className="topbar-switcher topbar-switcher--workspace">
            <span className="topbar-switcher__name">{workspace ? truncateName(workspace.workspaceName, SHORT_NAME_MAX) : 'Workspace'}</span>
            {workspace && <span className="topbar-switcher__badge"><RegionBadge region={workspace.region} /></span>}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          {workspace && (
            <Menu.Label>
              <Text size="sm" fw={600} c="var(--mantine-color-text)" span>
                {truncateName(workspace.workspaceName, LIST_NAME_MAX)}
              </Text>{' '}
              <RegionBadge region={workspace.region} />
            </Menu.Label>
          )}
          <Menu.Item leftSection={<IconSettings size={16} />} disabled={!workspace} onClick={() => setPanel('edit')}>
            Settings
          </Menu.Item>
          <Menu.Item leftSection={<IconUserPlus size={16} />} disabled={!workspace} onClick={() => setPanel('invite')}>
            + New User
          </Menu.Item>
          {REGIONS.map((region) => (
            <div key={region}>
              <Menu.Divider />
              <Menu.Label>{region.toUpperCase()}</Menu.Label>
              {workspacesIn(workspaces, region).map((w) => (
                <Menu.Item
                  key={`${w.region}:${w.uid}`}
                  onClick={() => switchTo(w)}
                  rightSection={w.uid === workspace?.uid && w.region === workspace.region ? <IconCheck size={14} /> : null}
                >
                  {truncateName(w.workspaceName, LIST_NAME_MAX)}
                </Menu.Item>
              ))}
              {workspacesIn(workspaces, region).length === 0 && <Menu.Item disabled>No workspaces</Menu.Item>}
            </div>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconPlus size={16} />} onClick={() => setPanel('new')}>
            + New Workspace
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} color="red" onClick={signOut}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <Suspense fallback={null}>
        {panel === 'invite' && <InviteDrawer onClose={close} />}
        {panel === 'edit' && <EditWorkspaceDrawer onClose={close} />}
        {panel === 'new' && <NewWorkspaceModal onClose={close} />}
      </Suspense>
    </>
  );
}
