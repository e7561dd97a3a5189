import { useState } from 'react';
import { NavLink as RouterLink, useLocation } from 'react-router-dom';
import { BROWSER_STORAGE_KEYS } from '@platform/contracts';
import {
  ActionIcon,
  Button,
  Collapse,
  Divider,
  Group,
  IconChevronDown,
  IconChevronRight,
  IconLayoutSidebarLeftCollapse,
  IconLayoutSidebarLeftExpand,
  IconPlus,
  ScrollArea,
  Stack,
  Tooltip,
  UnstyledButton,
  readStored,
  writeStored,
} from '@platform/ui';
import { useAgentEditor } from '../contexts/agent-editor-context';
import { ColorSchemeToggle } from './ColorSchemeToggle';
import { NAV_ICONS } from './nav-icons';
import { NAV_BOTTOM, NAV_GROUPS, NAV_TOP, isNavActive, navHref, normaliseGroupState, type GroupState, type NavItem } from './nav-structure';
import { PricingWidget } from './PricingWidget';
import { TrialBanner } from './TrialBanner';
import { useWorkspace } from '../contexts/workspace-context';

interface SideNavProps {
  collapsed: boolean;
  onToggleCollapsed?: () => void;
  onNavigate?: () => void;
  /** Branding config showPricing; agencies may hide the pricing widget. */
  showPricing?: boolean;
}

export function SideNav({ collapsed, onToggleCollapsed, onNavigate, showPricing = true }: SideNavProps) {
  const { region } = useWorkspace();
  const { pathname } = useLocation();
  const { openNewAgent } = useAgentEditor();
  const [groups, setGroups] = useState<GroupState>(() => normaliseGroupState(readStored(BROWSER_STORAGE_KEYS.sideNavGroups, null)));

  const toggleGroup = (key: keyof GroupState) => {
    const next = { ...groups, [key]: !groups[key] };
    setGroups(next);
    writeStored(BROWSER_STORAGE_KEYS.sideNavGroups, next);
  };

  const link = (item: NavItem) => {
    const Icon = NAV_ICONS[item.icon];
    const anchor = (
      <RouterLink
        key={item.path}
        to={navHref(region, item.path)}
        className="side-nav__link"
        data-active={isNavActive(pathname, region, item.path) || undefined}
        onClick={onNavigate}
        aria-label={item.label}
      >
        <Icon size={18} stroke={1.7} style={{ flexShrink: 0 }} />
        {!collapsed && <span>{item.label}</span>}
      </RouterLink>
    );
    return collapsed ? (
      <Tooltip key={item.path} label={item.label} position="right">
        {anchor}
      </Tooltip>
    ) : (
      anchor
    );
  };

  const newAgent = () => {
    onNavigate?.();
    openNewAgent();
  };

  return (
    <nav className="side-nav" aria-label="Main navigation" data-collapsed={collapsed || undefined} data-testid="side-nav">
      <ScrollArea style={{ flex: 1 }} p={collapsed ? 8 : 'sm'}>
        <Stack gap={2}>
          {collapsed ? (
            <Tooltip label="New Agent" position="right">
              <ActionIcon size="lg" mx="auto" mb="xs" onClick={newAgent} aria-label="New Agent">
                <IconPlus size={18} />
              </ActionIcon>
            </Tooltip>
          ) : (
            <Button leftSection={<IconPlus size={16} />} mb="xs" onClick={newAgent}>
              New Agent
            </Button>
          )}
          {NAV_TOP.map(link)}
          {NAV_GROUPS.map((group) =>
            collapsed ? (
              <Stack key={group.key} gap={2}>
                <Divider my={6} />
                {group.items.map(link)}
              </Stack>
            ) : (
              <div key={group.key}>
                <UnstyledButton className="side-nav__group" onClick={() => toggleGroup(group.key)} aria-expanded={groups[group.key]}>
                  {group.label}
                  {groups[group.key] ? <IconChevronDown size={14} /> : <IconChevronRight size={14} />}
                </UnstyledButton>
                <Collapse in={groups[group.key]}>
                  <Stack gap={2}>{group.items.map(link)}</Stack>
                </Collapse>
              </div>
            ),
          )}
          {!collapsed && <Divider my={6} />}
          {NAV_BOTTOM.map(link)}
        </Stack>
      </ScrollArea>
      <Stack gap="xs" p={collapsed ? 8 : 'sm'}>
        {!collapsed && <TrialBanner />}
        {!collapsed && showPricing && <PricingWidget />}
        <Group gap={6} wrap="nowrap" justify="center" style={{ flexDirection: collapsed ? 'column' : 'row' }}>
          <ColorSchemeToggle compact={collapsed} />
          {onToggleCollapsed && (
            <Tooltip label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'} position="right">
              <ActionIcon variant="subtle" color="gray" onClick={onToggleCollapsed} aria-label={collapsed ? 'Expand sidebar' : 'Collapse sidebar'}>
                {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Stack>
    </nav>
  );
}
