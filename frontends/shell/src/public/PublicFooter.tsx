import { Container, PRODUCT, SimpleGrid, Stack, Text } from '@platform/ui';
import { FOOTER_COLUMNS } from './public-nav';
import { SmartLink } from './SmartLink';

export function PublicFooter() {
  return (
    <footer className="public-footer" data-testid="public-footer">
      <Container size="lg" py={48}>
        <SimpleGrid cols={{ base: 1, xs: 2, sm: 4 }} spacing="xl">
          <Stack gap={6}>
            <Text fw={800}>{PRODUCT.name}</Text>
            <Text size="sm" c="dimmed">
              AI chat and voice agents for every channel, with EU and North America data regions.
            </Text>
          </Stack>
          {FOOTER_COLUMNS.map((column) => (
            <Stack key={column.title} gap={6}>
              <Text fw={700} size="sm">
                {column.title}
              </Text>
              {column.links.map((link) => (
                <SmartLink key={link.label} href={link.href} c="dimmed" size="sm">
                  {link.label}
                </SmartLink>
              ))}
            </Stack>
          ))}
        </SimpleGrid>
        <Text size="xs" c="dimmed" mt={40}>
          © {new Date().getFullYear()} {PRODUCT.name}. All rights reserved.
        </Text>
      </Container>
    </footer>
  );
}
