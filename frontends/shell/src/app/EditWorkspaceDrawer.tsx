import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { DELETE_WORKSPACE_CONFIRMATION, saveWorkspaceRequestSchema } from '@platform/contracts';
import { ApiError, Button, Divider, Drawer, NOTICES, Stack, Text, TextInput, notify, useDeleteWorkspace, useSaveWorkspace, useFormField, validationMessage } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';
import { saveSelection } from '../contexts/workspace-selection';
import { WorkspaceMembersSection } from './WorkspaceMembersSection';
import { WorkspaceSecretSection } from './WorkspaceSecretSection';

const notFound = (error: Error) => error instanceof ApiError && error.status === 404;

/** Settings of the current workspace: its name, secret, members, and deletion for a workspace that is not the user's own. */
export default function EditWorkspaceDrawer({ onClose }: { onClose: () => void }) {
  const { workspace, user } = useWorkspace();
  const save = useSaveWorkspace();
  const remove = useDeleteWorkspace();
  const navigate = useNavigate();
  const nameField = useFormField(workspace?.workspaceName ?? '');
  const [confirmation, setConfirmation] = useState('');
  if (!workspace) return null;
  const target = { region: workspace.region, uid: workspace.uid };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = { workspaceName: nameField.value.trim() };
    const invalid = validationMessage(saveWorkspaceRequestSchema, body);
    if (invalid) return nameField.setError(invalid);
    save.mutate(
      { ...target, body },
      {
        onSuccess: () => {
          notify.success(NOTICES.workspace.saveSucceeded);
          onClose();
        },
        onError: (err) => notify.error(notFound(err) ? NOTICES.workspace.notFound : NOTICES.workspace.saveFailed),
      },
    );
  };

  const deleteWorkspace = () =>
    remove.mutate(target, {
      onSuccess: () => {
        notify.success(NOTICES.workspace.deleteSucceeded);
        saveSelection(undefined);
        onClose();
        navigate(`/app/${workspace.region}/agents`);
      },
      onError: (err) => notify.error(notFound(err) ? NOTICES.workspace.notFound : NOTICES.workspace.deleteFailed),
    });

  return (
    <Drawer opened onClose={onClose} title="Edit Workspace" position="right" data-testid="edit-workspace-drawer">
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Workspace name"
            {...nameField.inputProps}
          />
          <Button type="submit" loading={save.isPending}>
            Save
          </Button>
        </Stack>
      </form>
      <WorkspaceSecretSection region={workspace.region} uid={workspace.uid} secret={workspace.secret} />
      <WorkspaceMembersSection region={workspace.region} uid={workspace.uid} selfEmail={user?.email} />
      {!workspace.isOwn && (
        <Stack mt="xl" gap="xs">
          <Divider label="Danger zone" labelPosition="left" />
          <Text size="sm">
            Type <b>{DELETE_WORKSPACE_CONFIRMATION}</b> to delete this workspace.
          </Text>
          <TextInput value={confirmation} onChange={(e) => setConfirmation(e.currentTarget.value)} aria-label="Confirmation" />
          <Button color="red" variant="light" disabled={confirmation !== DELETE_WORKSPACE_CONFIRMATION} loading={remove.isPending} onClick={deleteWorkspace}>
            Delete workspace
          </Button>
        </Stack>
      )}
    </Drawer>
  );
}
