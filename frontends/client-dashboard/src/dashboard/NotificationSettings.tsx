import { CLIENT_DEFAULTS, NOTIFY_IF_LABELS, NOTIFY_THROUGH_LABELS, type NotificationsSettings } from '@platform/contracts';
import { SegmentedControl, Stack, Text } from '@platform/ui';
import { useClientSession } from '../session';
import { useUpdateOwn } from './use-update-own';

const choices = (labels: Record<string, string>) => Object.entries(labels).map(([value, label]) => ({ value, label }));

/**
 * The notification panel's settings (spec §2.11, §3.9) for the signed-in client: how they are
 * notified (notifyThrough) and which levels (notifyIf: all shows levels 1 and 2, requestsOnly 2, none none).
 */
export function NotificationSettings() {
  const { client } = useClientSession();
  const { busy, update } = useUpdateOwn();
  const settings = { notifyThrough: client.notificationsSettings?.notifyThrough ?? CLIENT_DEFAULTS.notifyThrough, notifyIf: client.notificationsSettings?.notifyIf ?? CLIENT_DEFAULTS.notifyIf };
  const save = (change: NotificationsSettings) => update({ notificationsSettings: change });
  return (
    <Stack gap={6} mb="sm">
      <Text size="xs" fw={600}>
        Notify through
      </Text>
      <SegmentedControl size="xs" fullWidth disabled={busy} data={choices(NOTIFY_THROUGH_LABELS)} value={settings.notifyThrough} onChange={(value) => void save({ notifyThrough: value as NonNullable<NotificationsSettings['notifyThrough']> })} data-testid="notify-through" />
      <Text size="xs" fw={600}>
        Notify if
      </Text>
      <SegmentedControl size="xs" fullWidth disabled={busy} data={choices(NOTIFY_IF_LABELS)} value={settings.notifyIf} onChange={(value) => void save({ notifyIf: value as NonNullable<NotificationsSettings['notifyIf']> })} data-testid="notify-if" />
    </Stack>
  );
}
