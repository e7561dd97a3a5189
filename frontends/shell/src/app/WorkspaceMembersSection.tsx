import { useState } from 'react';
import type { Region } from '@platform/contracts';
import { Button, Checkbox, Divider, Group, NOTICES, Stack, Text, notify, useRemoveMember, useRotateWorkspaceSecret, useWorkspaceDetails, ConfirmDialog } from '@platform/ui';

/**
 * The members (workspaceEmails) with Remove for everyone but the owner and oneself. A removed
 * member may have copied the workspace secret, so the confirmation offers to regenerate it.
 */
export function WorkspaceMembersSection({ region, uid, selfEmail }: { region: Region; uid: string; selfEmail?: string }) {
  const details = useWorkspaceDetails(region, uid);
  const remove = useRemoveMember();
  const rotate = useRotateWorkspaceSecret();
  const [removing, setRemoving] = useState<string | null>(null);
  const [alsoRotate, setAlsoRotate] = useState(true);
  const members = details.data?.workspaceEmails ?? [];
  const owner = details.data?.email;

  const confirmRemoval = (email: string) => {
    setAlsoRotate(true);
    setRemoving(email);
  };
  const removeMember = (email: string) =>
    remove.mutate(
      { region, uid, email },
      {
        onSuccess: () => {
          notify.success(NOTICES.workspace.memberRemoved(email));
          if (!alsoRotate) return setRemoving(null);
          rotate.mutate(
            { region, uid },
            {
              onSuccess: () => notify.success(NOTICES.workspace.secretRegenerated),
              onError: () => notify.error(NOTICES.workspace.secretRegenerateFailed),
              onSettled: () => setRemoving(null),
            },
          );
        },
        onError: () => notify.error(NOTICES.workspace.memberRemoveFailed(email)),
      },
    );

  return (
    <Stack mt="xl" gap="xs" data-testid="workspace-members">
      <Divider label="Members" labelPosition="left" />
      {members.map((email) => (
        <Group key={email} justify="space-between" wrap="nowrap">
          <Text size="sm" truncate>
            {email}
            {email === owner ? ' (owner)' : ''}
          </Text>
          {email !== owner && email !== selfEmail && (
            <Button size="xs" variant="subtle" color="red" onClick={() => confirmRemoval(email)} aria-label={`Remove ${email}`}>
              Remove
            </Button>
          )}
        </Group>
      ))}
      {removing && (
        <ConfirmDialog
          title={`Remove ${removing}?`}
          confirmLabel="Remove"
          loading={remove.isPending || rotate.isPending}
          testId="confirm-remove-member"
          onConfirm={() => removeMember(removing)}
          onClose={() => setRemoving(null)}
        >
          <Text size="sm">They lose access to this workspace and its agents.</Text>
          <Checkbox
            checked={alsoRotate}
            onChange={(event) => setAlsoRotate(event.currentTarget.checked)}
            label="Also regenerate the workspace secret (they may have a copy of it)"
          />
        </ConfirmDialog>
      )}
    </Stack>
  );
}
