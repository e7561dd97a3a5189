import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import type { AgentTabKey, Region } from '@platform/contracts';
import { Button, Group, IconArrowsExchange, Stack, Tabs, Text, Title } from '../../mantine';
import { SUB_TAB_LABELS, SUB_TABS, agentTabHref, viewSwitchTarget } from '../logic/tabs';

/** Title of a tab, its description, and the Switch to Canvas/Prompt View button where it applies. */
export function TabHeader({ title, description, actions, viewSwitch }: { title: string; description?: string; actions?: ReactNode; viewSwitch?: { section: AgentTabKey; region: Region; agentId: string; enableNodes: boolean } }) {
  const target = viewSwitch && viewSwitchTarget(viewSwitch.section, viewSwitch.enableNodes);
  return (
    <Group justify="space-between" align="flex-start" mb="md" wrap="wrap">
      <Stack gap={2}>
        <Title order={3}>{title}</Title>
        {description && (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        )}
      </Stack>
      <Group gap="xs">
        {actions}
        {target && viewSwitch && (
          <Button component={Link} to={agentTabHref(viewSwitch.region, viewSwitch.agentId, target.to)} variant="light" leftSection={<IconArrowsExchange size={16} />} data-testid="view-switch">
            {target.label}
          </Button>
        )}
      </Group>
    </Group>
  );
}

/** Sub-tabs selected by `?tab=` (Settings, Voice). */
export function SubTabs({ section, value, onChange, hidden = [] }: { section: 'settings' | 'voice'; value?: string; onChange: (tab: string) => void; hidden?: readonly string[] }) {
  const keys = (SUB_TABS[section] ?? []).filter((key) => !hidden.includes(key));
  return (
    <Tabs value={value ?? keys[0]} onChange={(v) => v && onChange(v)} mb="md" keepMounted={false}>
      <Tabs.List style={{ flexWrap: 'wrap' }}>
        {keys.map((key) => (
          <Tabs.Tab key={key} value={key} data-subtab={key}>
            {SUB_TAB_LABELS[section]?.[key] ?? key}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
