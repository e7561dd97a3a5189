import { ActionIcon, IconMoon, IconSun, SegmentedControl, Tooltip, useComputedColorScheme, useMantineColorScheme } from '@platform/ui';

/** Light/dark switch; Mantine stores the choice in localStorage. */
export function ColorSchemeToggle({ compact = false }: { compact?: boolean }) {
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light');
  if (compact) {
    const next = scheme === 'dark' ? 'light' : 'dark';
    return (
      <Tooltip label={`Switch to ${next} mode`} position="right">
        <ActionIcon variant="subtle" color="gray" onClick={() => setColorScheme(next)} aria-label={`Switch to ${next} mode`}>
          {scheme === 'dark' ? <IconSun size={18} /> : <IconMoon size={18} />}
        </ActionIcon>
      </Tooltip>
    );
  }
  return (
    <SegmentedControl
      size="xs"
      style={{ flex: 1 }}
      value={scheme}
      onChange={(value) => setColorScheme(value as 'light' | 'dark')}
      data={[
        { value: 'light', label: 'Light' },
        { value: 'dark', label: 'Dark' },
      ]}
      aria-label="Colour scheme"
    />
  );
}
