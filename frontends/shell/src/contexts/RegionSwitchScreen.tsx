import type { Region } from '@platform/contracts';
import { Center, Loader, Stack, Text } from '@platform/ui';

export function RegionSwitchScreen({ region }: { region: Region }) {
  return (
    <Center h="100vh" data-testid="region-switch">
      <Stack align="center" gap="md">
        <Loader />
        <Text size="lg">{`Switching to ${region.toUpperCase()} region...`}</Text>
      </Stack>
    </Center>
  );
}
