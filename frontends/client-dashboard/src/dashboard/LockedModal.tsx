import { Button, Center, IconLock, Modal, Stack, Text } from '@platform/ui';
import { useSignOut } from './use-sign-out';

/** The dashboard locked (spec 2.10): client access disabled (the personalised message) or no agents; only Log Out. */
export function LockedModal({ message }: { message: string }) {
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
        <Button onClick={signOut} data-testid="locked-log-out">
          Log Out
        </Button>
      </Stack>
    </Modal>
  );
}
