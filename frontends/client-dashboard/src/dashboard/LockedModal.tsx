import type { ReactNode } from 'react';
import { Button, Center, IconLock, Modal, Stack, Text } from '@platform/ui';
import { useSignOut } from './use-sign-out';

/** The dashboard locked (spec 2.10): client access disabled (the personalised message) or no agents; Log Out (and, without agents, New Agent for a client who may create one). */
export function LockedModal({ message, action }: { message: string; action?: ReactNode }) {
  const signOut = useSignOut();
  return (
    <Modal opened onClose={() => undefined} withCloseButton={false} closeOnClickOutside={false} closeOnEscape={false} centered>
      <Stack align="center" gap="md" py="md" data-testid="locked-modal">
        <Center>
          <IconLock size={36} />
        </Center>
        <Text ta="center" style={{ whiteSpace: 'pre-wrap' }} data-testid="locked-message">
          {message}
        </Text>
        {action}
        <Button onClick={signOut} data-testid="locked-log-out">
          Log Out
        </Button>
      </Stack>
    </Modal>
  );
}
