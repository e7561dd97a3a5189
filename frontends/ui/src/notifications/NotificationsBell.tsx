import { useState, type ReactNode } from 'react';
import { ActionIcon, Indicator, Paper, Popover, Portal, Text, UnstyledButton } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import type { Region, StoredNotification } from '@platform/contracts';
import { NotificationsPanel } from './NotificationsPanel';
import type { NotifyIf } from './notification-rules';
import type { PushWorker } from './push-subscription';
import { useOrgNotifications } from './use-org-notifications';

/**
 * The notifications bell of the client dashboard's top bar.
 * A signed-in client (their own organisation, from their session):
 *   <NotificationsBell region={region} clientId={client.ID} notifyIf={client.notificationsSettings?.notifyIf} onOpen={(path) => navigate(path)} />
 * An agency user viewing an organisation of their workspace:
 *   <NotificationsBell region={region} workspaceId={org.ownerID} orgId={org.ID} notifyIf="all" onOpen={(path) => navigate(path)} />
 */
export interface NotificationsBellProps {
  region: Region;
  /** an agency user: the workspace that owns the organisation, and the organisation; both absent for a signed-in client */
  workspaceId?: string;
  orgId?: string;
  /** the signed-in client: notifications whose notifyOnly leaves them out do not pop up; absent for agency users */
  clientId?: string;
  /** the client's notificationsSettings.notifyIf (default requestsOnly) */
  notifyIf?: NotifyIf;
  /** opens a notification's path (urlPathname) in the dashboard; default: the browser goes there */
  onOpen?: (path: string) => void;
  /** told of each notification pushed live */
  onNotification?: (notification: StoredNotification) => void;
  /** a signed-in client: Browser Notifications subscribes this browser to push messages through this service worker */
  pushWorker?: PushWorker;
  /** more settings in the panel's settings (a signed-in client's notifyThrough and notifyIf) */
  settings?: ReactNode;
}

export function NotificationsBell({ region, workspaceId, orgId, clientId, notifyIf, onOpen, onNotification, pushWorker, settings }: NotificationsBellProps) {
  const [opened, setOpened] = useState(false);
  const { notifications, popup, markRead, markAllRead, browserNotifications, browserNotificationsError, setBrowserNotifications } = useOrgNotifications({ region, workspaceId, orgId, clientId, notifyIf, onNotification, pushWorker });
  // Read means deleted: every notification still listed is unread (seen only means its popup was shown).
  const unread = notifications.length > 0;

  const open = (notification: StoredNotification) => {
    setOpened(false);
    void markRead(notification.ID);
    const path = notification.urlPathname ?? '/';
    if (onOpen) onOpen(path);
    else window.location.assign(path);
  };

  return (
    <>
      <Popover opened={opened} onChange={setOpened} position="bottom-end" shadow="md" withinPortal>
        <Popover.Target>
          <Indicator disabled={!unread} color="red" size={9} offset={4} data-testid="notifications-unread-dot">
            <ActionIcon variant="subtle" size="lg" aria-label="Notifications" onClick={() => setOpened((o) => !o)} data-testid="notifications-bell">
              <IconBell size={20} />
            </ActionIcon>
          </Indicator>
        </Popover.Target>
        <Popover.Dropdown p={0}>
          <NotificationsPanel
            notifications={notifications}
            onOpen={open}
            onMarkAllRead={() => void markAllRead()}
            browserNotifications={browserNotifications}
            browserNotificationsError={browserNotificationsError}
            onBrowserNotificationsChange={(on) => void setBrowserNotifications(on)}
            settings={settings}
          />
        </Popover.Dropdown>
      </Popover>
      {popup && (
        <Portal>
          <UnstyledButton onClick={() => open(popup)} style={{ position: 'fixed', top: 64, right: 16, zIndex: 400 }} data-testid="notification-popup">
            <Paper withBorder shadow="lg" p="sm" radius="md" w={320}>
              <Text size="sm" fw={700}>
                {popup.title}
              </Text>
              <Text size="sm" lineClamp={3}>
                {popup.body}
              </Text>
            </Paper>
          </UnstyledButton>
        </Portal>
      )}
    </>
  );
}
