import { AGENCY_SETTINGS_TABS, WHITELABEL } from '@platform/contracts';
import { Button, Group, PageHeader, ScreenPlaceholder, Tabs, Text, Tooltip } from '@platform/ui';
import { initialTab } from './initial-tab';

/** Agency settings (spec 2.2). Tab contents arrive with later issues; the frame is final. */
export function AgencyScreen() {
  const defaultTab = initialTab(window.location.search);
  return (
    <div data-testid="agency-settings">
      <PageHeader
        title="Agency"
        description="Adjust agency settings"
        actions={
          <Group gap="sm">
            <Text size="sm" c="dimmed">All changes saved.</Text>
            <Button disabled>Save</Button>
          </Group>
        }
      />
      <Tabs defaultValue={defaultTab} keepMounted={false}>
        <Tabs.List mb="md">
          {AGENCY_SETTINGS_TABS.map((tab) =>
            tab === 'Auto Billing' ? (
              <Tooltip key={tab} label={WHITELABEL.unavailableTooltip}>
                <Tabs.Tab value={tab} disabled>
                  {tab}
                </Tabs.Tab>
              </Tooltip>
            ) : (
              <Tabs.Tab key={tab} value={tab}>
                {tab}
              </Tabs.Tab>
            ),
          )}
        </Tabs.List>
        {AGENCY_SETTINGS_TABS.map((tab) => (
          <Tabs.Panel key={tab} value={tab}>
            <ScreenPlaceholder title={tab} />
          </Tabs.Panel>
        ))}
      </Tabs>
    </div>
  );
}
