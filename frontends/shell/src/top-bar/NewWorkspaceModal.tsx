import { useState, type FormEvent } from 'react';
import { REGIONS, createWorkspaceRequestSchema, type Region } from '@platform/contracts';
import { Button, Modal, NOTICES, SegmentedControl, Stack, Text, TextInput, notify, useCreateWorkspace, useFormField, validationMessage } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/** + New Workspace: a name and the data region it lives in. */
export default function NewWorkspaceModal({ onClose }: { onClose: () => void }) {
  const { region: currentRegion } = useWorkspace();
  const create = useCreateWorkspace();
  const nameField = useFormField('');
  const [region, setRegion] = useState<Region>(currentRegion);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const workspaceName = nameField.value.trim();
    const invalid = validationMessage(createWorkspaceRequestSchema, { workspaceName });
    if (invalid) return nameField.setError(invalid);
    create.mutate(
      { region, workspaceName },
      {
        onSuccess: () => {
          notify.success(NOTICES.workspace.created(workspaceName));
          onClose();
        },
        onError: () => notify.error(NOTICES.workspace.saveFailed),
      },
    );
  };

  return (
    <Modal opened onClose={onClose} title="New Workspace" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Workspace name"
            {...nameField.inputProps}
            data-autofocus
          />
          <div>
            <Text size="sm" fw={500} mb={4}>
              Data region
            </Text>
            <SegmentedControl
              fullWidth
              value={region}
              onChange={(value) => setRegion(value as Region)}
              data={REGIONS.map((r) => ({ value: r, label: r === 'eu' ? 'EU (Europe)' : 'NA (North America)' }))}
            />
          </div>
          <Button type="submit" loading={create.isPending}>
            Create workspace
          </Button>
        </Stack>
      </form>
    </Modal>
  );
}
