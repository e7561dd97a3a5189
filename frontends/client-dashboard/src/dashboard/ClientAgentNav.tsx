import { useState, type CSSProperties } from 'react';
import { NavLink } from 'react-router-dom';
import { LAYOUT_PX, type Region } from '@platform/contracts';
import { AGENT_TAB_ICONS, ActionIcon, Box, Group, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconWorld, Stack, Text, Tooltip, type AgentNavLayout } from '@platform/ui';
import { tabHref, type DashboardTab } from '../logic/tabs';

const linkStyle = (active: boolean, centered: boolean): CSSProperties => ({
  display: 'flex',
  alignItems: 'center',
  gap: 8,
  padding: '8px 10px',
  borderRadius: 8,
  whiteSpace: 'nowrap',
  textDecoration: 'none',
  color: active ? '#fff' : 'inherit',
  background: active ? 'var(--brand)' : undefined,
  justifyContent: centered ? 'center' : undefined,
});

function TabIcon({ tab }: { tab: DashboardTab }) {
  if (tab.kind === 'custom') return tab.tab.iconUrl ? <img src={tab.tab.iconUrl} alt="" width={18} height={18} /> : <IconWorld size={18} />;
  const Icon = AGENT_TAB_ICONS[tab.key];
  return <Icon size={18} />;
}

/**
 * The client's agent pages (spec 2.7, 2.10): a collapsible sidebar (250 px, 75 px collapsed) in
 * the vertical layout, a row of tabs in the horizontal one. A click is recorded (tab-click analytics).
 */
export function ClientAgentNav({ layout, region, agentId, tabs, current, onClick }: { layout: AgentNavLayout; region: Region; agentId: string; tabs: DashboardTab[]; current?: DashboardTab; onClick: (tab: DashboardTab) => void }) {
  const [collapsed, setCollapsed] = useState(false);
  if (layout === 'horizontal') {
    return (
      <Group gap={4} px="md" py={6} wrap="nowrap" role="tablist" aria-label="Agent sections" style={{ overflowX: 'auto', borderBottom: '1px solid var(--mantine-color-default-border)' }} data-testid="client-nav" data-layout="horizontal">
        {tabs.map((tab) => (
          <NavLink key={tab.key} to={tabHref(region, agentId, tab)} onClick={() => onClick(tab)} role="tab" aria-selected={tab.key === current?.key} data-tab={tab.key} style={linkStyle(tab.key === current?.key, false)}>
            <TabIcon tab={tab} />
            <Text size="sm">{tab.label}</Text>
          </NavLink>
        ))}
      </Group>
    );
  }
  const width = collapsed ? LAYOUT_PX.agentSidebarCollapsed : LAYOUT_PX.agentSidebarExpanded;
  return (
    <Box component="nav" w={width} p="sm" style={{ flexShrink: 0, borderRight: '1px solid var(--mantine-color-default-border)' }} data-testid="client-nav" data-layout="vertical">
      <Stack gap={4}>
        <ActionIcon variant="subtle" color="gray" onClick={() => setCollapsed(!collapsed)} aria-label={collapsed ? 'Expand' : 'Collapse'} style={{ alignSelf: collapsed ? 'center' : 'flex-end' }}>
          {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
        </ActionIcon>
        {tabs.map((tab) => {
          const active = tab.key === current?.key;
          const link = (
            <NavLink
              key={tab.key}
              to={tabHref(region, agentId, tab)}
              onClick={() => onClick(tab)}
              data-tab={tab.key}
              aria-current={active ? 'page' : undefined}
              style={linkStyle(active, collapsed)}
            >
              <TabIcon tab={tab} />
              {!collapsed && <Text size="sm">{tab.label}</Text>}
            </NavLink>
          );
          return collapsed ? (
            <Tooltip key={tab.key} label={tab.label} position="right">
              {link}
            </Tooltip>
          ) : (
            link
          );
        })}
      </Stack>
    </Box>
  );
}
