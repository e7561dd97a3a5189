import { useState } from 'react';
import type { Region } from '@platform/contracts';
import { Button, CopyButton, Divider, Group, IconRefresh, NOTICES, PasswordInput, Stack, Text, notify, useRotateWorkspaceSecret } from '@platform/ui';
import { ConfirmDialog } from './ConfirmDialog';

/** What regenerating does, said before it is done. */
export const REGENERATE_WORKSPACE_SECRET_WARNING = 'The current secret stops working at once. Anything that calls the platform with it must be given the new one.';

/** The workspace secret (bearer for API calls), with Copy and Regenerate (after a confirmation). */
export function WorkspaceSecretSection({ region, uid, secret }: { region: Region; uid: string; secret?: string }) {
  const rotate = useRotateWorkspaceSecret();
  const [confirming, setConfirming] = useState(false);
  const regenerate = () =>
    rotate.mutate(
      { region, uid },
      {
        onSuccess: () => {
          notify.success(NOTICES.workspace.secretRegenerated);
          setConfirming(false);
        },
        onError: () => notify.error(NOTICES.workspace.secretRegenerateFailed),
      },
    );
  return (
    <Stack mt="xl" gap="xs" data-testid="workspace-secret">
      <Divider label="Workspace secret" labelPosition="left" />
      <Text size="sm" c="dimmed">
        Authorises API calls for this workspace. Keep it private.
      </Text>
      <PasswordInput value={secret ?? ''} readOnly aria-label="Workspace secret" />
      <Group gap="xs">
        <CopyButton value={secret ?? ''}>
          {({ copied, copy }) => (
            <Button variant="default" disabled={!secret} onClick={() => { copy(); notify.success(NOTICES.agent.copied); }}>
              {copied ? 'Copied' : 'Copy'}
            </Button>
          )}
        </CopyButton>
        <Button variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
          Regenerate
        </Button>
      </Group>
      {confirming && (
        <ConfirmDialog
          title="Regenerate the workspace secret?"
          confirmLabel="Regenerate"
          loading={rotate.isPending}
          testId="confirm-regenerate-workspace-secret"
          onConfirm={regenerate}
          onClose={() => setConfirming(false)}
        >
          <Text size="sm">{REGENERATE_WORKSPACE_SECRET_WARNING}</Text>
        </ConfirmDialog>
      )}
    </Stack>
  );
}
