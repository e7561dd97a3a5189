import { useEffect, useMemo, useState } from 'react';
import { ColorInput } from '@mantine/core';
import type { AgentTheme, CustomTheme } from '@platform/contracts';
import { Box, Group, IconMoon, IconSun, Paper, SimpleGrid, Stack, Switch, Text, Tooltip } from '../../mantine';
import { agentThemeName, applyHexInput, paletteSwatches, readTheme, swatchTextColor, themeJson, themeRecord, type ThemeValue } from './logic/theme';

export interface ThemeEditorProps {
  /** the agent's customThemeJSONString (or the theme object) */
  value?: string | CustomTheme | null;
  /** the new customThemeJSONString and the same theme as an object */
  onChange?: (json: string, theme: CustomTheme) => void;
  /** with onAgentThemeChange: the agent's theme name follows the spec 4.7 rule */
  isAgencyUser?: boolean;
  onAgentThemeChange?: (theme: AgentTheme) => void;
  ownerID?: string;
  disabled?: boolean;
}

/** Dark-mode toggle, primary colour (applied at 6 hex digits) and the 10-colour palette it generates. */
export function ThemeEditor({ value, onChange, isAgencyUser = false, onAgentThemeChange, ownerID, disabled }: ThemeEditorProps) {
  const current = useMemo(() => readTheme(value), [value]);
  const [hexText, setHexText] = useState(current.primary);
  // An outside change (another tab, a restore) replaces what is typed.
  useEffect(() => setHexText((text) => (applyHexInput(text) === current.primary ? text : current.primary)), [current.primary]);
  const swatches = useMemo(() => paletteSwatches(current), [current]);

  const emit = (next: ThemeValue) => {
    onChange?.(themeJson(next, ownerID), themeRecord(next, ownerID));
    onAgentThemeChange?.(agentThemeName(next, isAgencyUser));
  };

  const onHex = (text: string) => {
    setHexText(text);
    const hex = applyHexInput(text);
    if (hex && hex !== current.primary) emit({ ...current, primary: hex });
  };

  return (
    <Stack gap="md" data-testid="theme-editor">
      <Group align="flex-end" gap="lg" wrap="wrap">
        <ColorInput
          label="Primary colour"
          description="Applied once it has 6 hex digits"
          format="hex"
          value={hexText}
          onChange={onHex}
          disabled={disabled}
          w={240}
          swatches={['#228be6', '#7950f2', '#12b886', '#fa5252', '#fd7e14', '#e64980', '#15aabf', '#40c057']}
          swatchesPerRow={8}
          data-testid="theme-primary-input"
        />
        <Switch
          label="Dark mode"
          checked={current.themeType === 'dark'}
          onChange={(event) => emit({ ...current, themeType: event.currentTarget.checked ? 'dark' : 'light' })}
          disabled={disabled}
          onLabel={<IconMoon size={14} />}
          offLabel={<IconSun size={14} />}
          mb={8}
          data-testid="theme-dark-toggle"
        />
      </Group>
      <Stack gap={6}>
        <Group gap="xs">
          <Text size="sm" fw={500}>
            Palette
          </Text>
          <Text size="xs" c="dimmed">
            {current.themeType === 'dark' ? 'dark: lightness 10 to 95' : 'light: lightness 95 to 10'}
          </Text>
        </Group>
        <Paper withBorder radius="md" p={6} bg={current.themeType === 'dark' ? 'dark.7' : undefined}>
          <Group gap={6} wrap="nowrap" align="stretch">
            <Tooltip label={`Primary ${current.primary}`}>
              <Box
                data-testid="theme-primary-swatch"
                style={{ background: current.primary, borderRadius: 6, minWidth: 64, display: 'flex', alignItems: 'flex-end', padding: 6 }}
              >
                <Text size="xs" fw={600} c="white" style={{ textShadow: '0 1px 2px rgba(0,0,0,.4)' }}>
                  {current.primary}
                </Text>
              </Box>
            </Tooltip>
            <SimpleGrid cols={10} spacing={4} style={{ flex: 1 }} data-testid="theme-palette">
              {swatches.map((swatch, index) => (
                <Tooltip key={index} label={`${swatch.css} · ${swatch.hex}`}>
                  <Box
                    data-testid="theme-swatch"
                    data-lightness={swatch.lightness}
                    style={{ background: swatch.css, height: 56, borderRadius: 6, display: 'flex', alignItems: 'flex-end', justifyContent: 'center', paddingBottom: 4 }}
                  >
                    <Text size="10px" fw={600} style={{ color: swatchTextColor(swatch.lightness) }}>
                      {swatch.lightness}
                    </Text>
                  </Box>
                </Tooltip>
              ))}
            </SimpleGrid>
          </Group>
        </Paper>
      </Stack>
    </Stack>
  );
}
