import type { Region } from '@platform/contracts';
import { Divider, Group, NOTICES, PasswordInput, Stack, Text, notify, useRotateWorkspaceSecret, SecretActions } from '@platform/ui';

/** What regenerating does, said before it is done. */
export const REGENERATE_WORKSPACE_SECRET_WARNING = 'The current secret stops working at once. Anything that calls the platform with it must be given the new one.';

/** The workspace secret (bearer for API calls), with Copy and Regenerate (after a confirmation). */
export function WorkspaceSecretSection({ region, uid, secret }: { region: Region; uid: string; secret?: string }) {
  const rotate = useRotateWorkspaceSecret();
  const regenerate = () =>
    rotate.mutateAsync({ region, uid }).then(
      () => notify.success(NOTICES.workspace.secretRegenerated),
      (error: unknown) => {
        notify.error(NOTICES.workspace.secretRegenerateFailed);
        throw error;
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
        <SecretActions
          value={secret ?? ''}
          confirmTitle="Regenerate the workspace secret?"
          warning={REGENERATE_WORKSPACE_SECRET_WARNING}
          testId="confirm-regenerate-workspace-secret"
          onRegenerate={regenerate}
        />
      </Group>
    </Stack>
  );
}
