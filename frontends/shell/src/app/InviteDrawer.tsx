import type { FormEvent } from 'react';
import { MESSAGES, inviteEmail } from '@platform/contracts';
import { Button, Drawer, NOTICES, Stack, Text, TextInput, notify, useInvite, useFormField, validationMessage } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

const inviteSchema = inviteEmail().required();

/** + New User: invite an e-mail into the current workspace (spec 2.6, 5, 8). */
export default function InviteDrawer({ onClose }: { onClose: () => void }) {
  const { workspace, user } = useWorkspace();
  const invite = useInvite();
  const emailField = useFormField('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!workspace) return;
    const invalid = validationMessage(inviteSchema, emailField.value, { selfEmail: user?.email ?? '' });
    if (invalid) return emailField.setError(invalid);
    const to = emailField.value.trim();
    invite.mutate(
      { region: workspace.region, uid: workspace.uid, email: to },
      {
        onSuccess: () => {
          notify.success(NOTICES.workspace.inviteSucceeded(to));
          onClose();
        },
        onError: (err) => {
          // The service counts the seats; its answer is shown under the field.
          if (err.message === MESSAGES.workspace.seatLimitReached) emailField.setError(err.message);
          notify.error(NOTICES.workspace.inviteFailed(to));
        },
      },
    );
  };

  return (
    <Drawer opened onClose={onClose} title="New User" position="right" data-testid="invite-drawer">
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm" c="dimmed">
            The person receives an e-mail with a link that adds them to {workspace?.workspaceName ?? 'this workspace'}.
          </Text>
          <TextInput
            label="Email"
            placeholder="name@company.com"
            {...emailField.inputProps}
            data-autofocus
          />
          <Button type="submit" loading={invite.isPending}>
            Send invitation
          </Button>
        </Stack>
      </form>
    </Drawer>
  );
}
