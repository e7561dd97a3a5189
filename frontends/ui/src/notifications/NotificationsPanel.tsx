import { useState, type ReactNode } from 'react';
import { ActionIcon, Badge, Box, Button, Collapse, Group, Paper, ScrollArea, Stack, Switch, Text, UnstyledButton } from '@mantine/core';
import { IconSettings } from '@tabler/icons-react';
import type { StoredNotification } from '@platform/contracts';
import { PANEL_SIZE } from './notification-rules';

export interface NotificationsPanelProps {
  /** what the client's notifyIf shows, newest first */
  notifications: StoredNotification[];
  /** a click on one: open its path, mark it read, close the panel */
  onOpen: (notification: StoredNotification) => void;
  onMarkAllRead: () => void;
  browserNotifications: boolean;
  /** why the switch could not be turned on (or off) */
  browserNotificationsError?: string | null;
  onBrowserNotificationsChange: (on: boolean) => void;
  /** more settings above the switch (a signed-in client's notifyThrough and notifyIf) */
  settings?: ReactNode;
}

const timeOf = (ts: number) => new Date(ts).toLocaleString(undefined, { dateStyle: 'short', timeStyle: 'short' });

/** The notification panel (spec §2.11): 350×500, settings, the list or its empty state, Mark all as Read. */
export function NotificationsPanel({ notifications, onOpen, onMarkAllRead, browserNotifications, browserNotificationsError, onBrowserNotificationsChange, settings }: NotificationsPanelProps) {
  const [settingsOpen, setSettingsOpen] = useState(false);
  return (
    <Stack gap={0} w={PANEL_SIZE.width} h={PANEL_SIZE.height} data-testid="notifications-panel">
      <Group justify="space-between" p="sm" wrap="nowrap">
        <Text fw={700}>Notifications</Text>
        <Group gap={4} wrap="nowrap">
          <Button size="compact-xs" variant="subtle" onClick={onMarkAllRead} disabled={!notifications.length}>
            Mark all as Read
          </Button>
          <ActionIcon variant="subtle" aria-label="Notification settings" onClick={() => setSettingsOpen((open) => !open)}>
            <IconSettings size={16} />
          </ActionIcon>
        </Group>
      </Group>
      <Collapse in={settingsOpen}>
        <Box px="sm" pb="sm" data-testid="notifications-settings">
          {settings}
          <Switch label="Browser Notifications" checked={browserNotifications} onChange={(event) => onBrowserNotificationsChange(event.currentTarget.checked)} data-testid="browser-notifications" />
          {browserNotificationsError && (
            <Text size="xs" c="red" mt={4} role="alert" data-testid="browser-notifications-error">
              {browserNotificationsError}
            </Text>
          )}
        </Box>
      </Collapse>
      <ScrollArea style={{ flex: 1 }} px="xs">
        {notifications.length === 0 ? (
          <Stack align="center" justify="center" gap={4} h={PANEL_SIZE.height - 120} data-testid="notifications-empty">
            <Text fw={600}>No Unread Notifications</Text>
            <Text size="sm" c="dimmed">
              You're all caught up now!
            </Text>
          </Stack>
        ) : (
          <Stack gap={6} pb="xs">
            {notifications.map((notification) => (
              <UnstyledButton key={notification.ID} onClick={() => onOpen(notification)} data-testid={`notification-${notification.ID}`}>
                <Paper withBorder p="xs" radius="md" bg={notification.seen ? undefined : 'var(--mantine-color-blue-light)'}>
                  <Group justify="space-between" wrap="nowrap" gap="xs">
                    <Text size="sm" fw={600} lineClamp={1}>
                      {notification.title}
                    </Text>
                    {notification.notificationLevel === 2 && (
                      <Badge size="xs" color="red" variant="light">
                        Request
                      </Badge>
                    )}
                  </Group>
                  <Text size="xs" lineClamp={2}>
                    {notification.body}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {timeOf(notification.ts)}
                  </Text>
                </Paper>
              </UnstyledButton>
            ))}
          </Stack>
        )}
      </ScrollArea>
    </Stack>
  );
}
