import type { ReactNode } from 'react';
import { Button, Group, Modal, Stack } from '../mantine';

/** A yes/no question before an action that cannot be taken back (regenerating a secret, removing a member). */
export function ConfirmDialog(props: {
  title: string;
  children: ReactNode;
  confirmLabel: string;
  loading?: boolean;
  testId?: string;
  confirmTestId?: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Modal opened onClose={props.onClose} title={props.title} centered data-testid={props.testId}>
      <Stack>
        {props.children}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onClose}>
            Cancel
          </Button>
          <Button color="red" loading={props.loading} onClick={props.onConfirm} data-testid={props.confirmTestId}>
            {props.confirmLabel}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
