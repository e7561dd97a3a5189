import type { ReactNode } from 'react';
import { Paper, Stack, Text, Title } from '@mantine/core';

/** Body of a screen whose content arrives with a later issue. */
export function ScreenPlaceholder({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <Paper withBorder p="xl" radius="md" data-testid="screen-placeholder">
      <Stack gap="xs">
        <Title order={4}>{title}</Title>
        <Text c="dimmed" size="sm">
          {children ?? 'This screen is being built. Its content arrives with an upcoming release.'}
        </Text>
      </Stack>
    </Paper>
  );
}
