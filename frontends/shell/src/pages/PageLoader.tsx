import { Center, Loader } from '@platform/ui';

export function PageLoader() {
  return (
    <Center h="60vh">
      <Loader aria-label="Loading" />
    </Center>
  );
}
