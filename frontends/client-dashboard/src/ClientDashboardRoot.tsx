import { Badge, Box, Container, Group, PRODUCT, ScreenPlaceholder, Text } from '@platform/ui';

/** Client dashboard frame (spec 2.10); top bar items and pages arrive with later issues. */
export function ClientDashboardRoot() {
  const year = new Date().getFullYear();
  return (
    <Box mih="100vh" data-testid="client-dashboard">
      <Group justify="space-between" px="md" h={56} style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Badge variant="light">Powered by {PRODUCT.name}</Badge>
      </Group>
      <Container size="lg" py="xl">
        <ScreenPlaceholder title="Client dashboard" />
      </Container>
      <Text ta="center" size="xs" c="dimmed" py="md">
        © {year} {PRODUCT.name}
      </Text>
    </Box>
  );
}
