import { useEffect, useRef } from 'react';
import { NavLink } from 'react-router-dom';
import { AGENT_TABS, LAYOUT_PX, type AgentTabKey } from '@platform/contracts';
import { AGENT_TAB_ICONS, ActionIcon, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, Stack, Tooltip } from '@platform/ui';
import { NavigationSearch } from './NavigationSearch';
import type { SearchableTab } from './logic/navigation-search';
import type { AgentNavLayout } from '@platform/ui';

interface AgentNavProps {
  layout: AgentNavLayout;
  tabs: readonly AgentTabKey[];
  active: AgentTabKey;
  hrefOf: (tab: AgentTabKey) => string;
  searchTabs: readonly SearchableTab[];
  collapsed: boolean;
  onToggleCollapsed: () => void;
  /** False where the top bar already shows the search. */
  showSearch: boolean;
}

/** The agent area's tab navigation: a bar above the content, or a sidebar of 250 px (75 px collapsed). */
export function AgentNav({ layout, tabs, active, hrefOf, searchTabs, collapsed, onToggleCollapsed, showSearch }: AgentNavProps) {
  const tabRow = useRef<HTMLDivElement>(null);
  // On a phone the row scrolls sideways: bring the open tab into it. Only the row moves (not the
  // page), and only when the open tab changes, not on every edit that re-renders the area.
  useEffect(() => {
    const row = tabRow.current;
    const tab = row?.querySelector<HTMLElement>('[data-active]');
    if (!row || !tab) return;
    const rowBox = row.getBoundingClientRect();
    const tabBox = tab.getBoundingClientRect();
    if (tabBox.left < rowBox.left || tabBox.right > rowBox.right) row.scrollLeft += tabBox.left - rowBox.left - (rowBox.width - tabBox.width) / 2;
  }, [active, layout]);

  if (layout === 'horizontal') {
    return (
      <div className="agent-nav agent-nav--horizontal" data-testid="agent-nav" data-layout="horizontal">
          <div className="agent-nav__tabs" role="tablist" aria-label="Agent sections" ref={tabRow}>
            {tabs.map((key) => {
              const Icon = AGENT_TAB_ICONS[key];
              return (
                <NavLink key={key} to={hrefOf(key)} role="tab" aria-selected={key === active} className="agent-nav__tab" data-active={key === active || undefined} data-tab={key}>
                  <Icon size={16} stroke={1.7} />
                  <span>{AGENT_TABS[key]}</span>
                </NavLink>
              );
            })}
          </div>
        {/* The search sits in the top bar on wide screens; phones (always horizontal) get it here. */}
        {showSearch && <NavigationSearch tabs={searchTabs} compact />}
      </div>
    );
  }
  const width = collapsed ? LAYOUT_PX.agentSidebarCollapsed : LAYOUT_PX.agentSidebarExpanded;
  return (
    <nav className="agent-nav agent-nav--vertical" style={{ width }} data-testid="agent-nav" data-layout="vertical" data-collapsed={collapsed || undefined} aria-label="Agent sections">
      <Stack gap={4} p="xs" style={{ flex: 1 }}>
        {!collapsed && showSearch && <NavigationSearch tabs={searchTabs} compact />}
        {tabs.map((key) => {
          const Icon = AGENT_TAB_ICONS[key];
          const link = (
            <NavLink key={key} to={hrefOf(key)} className="agent-nav__item" data-active={key === active || undefined} data-tab={key} aria-label={AGENT_TABS[key]}>
              <Icon size={18} stroke={1.7} style={{ flexShrink: 0 }} />
              {!collapsed && <span>{AGENT_TABS[key]}</span>}
            </NavLink>
          );
          return collapsed ? (
            <Tooltip key={key} label={AGENT_TABS[key]} position="right">
              {link}
            </Tooltip>
          ) : (
            link
          );
        })}
      </Stack>
      <ActionIcon variant="subtle" color="gray" m="xs" onClick={onToggleCollapsed} aria-label={collapsed ? 'Expand agent menu' : 'Collapse agent menu'} style={{ alignSelf: collapsed ? 'center' : 'flex-end' }}>
        {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
      </ActionIcon>
    </nav>
  );
}
