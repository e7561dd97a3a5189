import type { ReactNode } from 'react';
import { MantineProvider, createTheme, localStorageColorSchemeManager } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { queryClient } from '../api/hooks';

export const theme = createTheme({
  primaryColor: 'violet',
  defaultRadius: 'md',
  fontFamily: 'Inter, -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif',
  headings: { fontWeight: '700' },
});

const colorSchemeManager = localStorageColorSchemeManager({ key: 'platform.colorScheme' });

/**
 * Theme, data cache and notices for one React root. The shell renders the notices; remotes
 * pass notifications={false}, otherwise every notice would show once per root.
 */
export function UiProvider({ children, notifications = true }: { children: ReactNode; notifications?: boolean }) {
  return (
    <MantineProvider theme={theme} colorSchemeManager={colorSchemeManager} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        {notifications && <Notifications position="top-right" zIndex={1000} />}
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
