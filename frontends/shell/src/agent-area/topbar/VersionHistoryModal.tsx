import { useState } from 'react';
import { AGENT_LIMITS, type Region } from '@platform/contracts';
import { Alert, Badge, Button, Group, IconRestore, Loader, Modal, Paper, ScrollArea, Stack, Text, notify, useAgentVersions, useRestoreVersion } from '@platform/ui';

const when = (seconds?: number) => (seconds ? new Date(seconds * 1000).toLocaleString() : 'Unknown time');

/** Version History: the saved versions (20 kept), newest first, each restorable. */
export default function VersionHistoryModal({ region, agentId, onClose, onRestored }: { region: Region; agentId: string; onClose: () => void; onRestored: () => void }) {
  const versions = useAgentVersions(region, agentId);
  const restore = useRestoreVersion();
  const [confirming, setConfirming] = useState<string | null>(null);

  const doRestore = (versionId: string) =>
    restore.mutate(
      { region, agentId, versionId },
      {
        onSuccess: () => {
          notify.success('Version restored');
          onRestored();
          onClose();
        },
        onError: (error) => notify.error(`Failed to restore the version, ${error.message}`),
      },
    );

  return (
    <Modal opened onClose={onClose} title="Version History" size="lg" closeOnClickOutside={false} data-testid="version-history">
      <Text size="sm" c="dimmed" mb="sm">
        Every publish saves a version; the last {AGENT_LIMITS.versionHistorySize} are kept. Restoring replaces the published agent.
      </Text>
      {versions.isPending ? (
        <Group justify="center" p="lg">
          <Loader size="sm" />
        </Group>
      ) : versions.isError ? (
        <Alert color="red" title="Versions could not be loaded">
          {versions.error.message}
        </Alert>
      ) : versions.data.length === 0 ? (
        <Text c="dimmed" ta="center" p="lg">
          No versions yet. Publish to save the first one.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={460}>
          <Stack gap="xs">
            {versions.data.map((v, i) => (
              <Paper key={v.versionId} withBorder p="sm" radius="md" data-testid="version-row">
                <Group justify="space-between" wrap="nowrap">
                  <div style={{ minWidth: 0 }}>
                    <Group gap={6}>
                      <Text fw={600} size="sm">
                        {when(v.savedAt)}
                      </Text>
                      {i === 0 && (
                        <Badge size="xs" variant="light">
                          Latest
                        </Badge>
                      )}
                    </Group>
                    <Text size="xs" c="dimmed" truncate>
                      {[v.title, v.savedBy].filter(Boolean).join(' · ') || v.versionId}
                    </Text>
                  </div>
                  {confirming === v.versionId ? (
                    <Group gap={6} wrap="nowrap">
                      <Button size="xs" variant="default" onClick={() => setConfirming(null)}>
                        Cancel
                      </Button>
                      <Button size="xs" color="orange" loading={restore.isPending} onClick={() => doRestore(v.versionId)}>
                        Confirm restore
                      </Button>
                    </Group>
                  ) : (
                    <Button size="xs" variant="light" leftSection={<IconRestore size={14} />} onClick={() => setConfirming(v.versionId)}>
                      Restore
                    </Button>
                  )}
                </Group>
              </Paper>
            ))}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Modal>
  );
}
