import { useEffect, useState } from 'react';
import { AGENCY_API_MESSAGES, AGENCY_SETTINGS_TABS, WHITELABEL } from '@platform/contracts';
import { Alert, Button, Grid, Group, Loader, PageHeader, Tabs, Text, Tooltip } from '@platform/ui';
import { AutoBillingTab } from './auto-billing/AutoBillingTab';
import { useAgencyForm } from './agency-form';
import { initialTab } from './initial-tab';
import { PreviewPanel } from './PreviewPanel';
import { CustomTabsTab } from './tabs/CustomTabsTab';
import { DomainsTab } from './tabs/DomainsTab';
import { EmailTab } from './tabs/EmailTab';
import { FooterTab } from './tabs/FooterTab';
import { OverviewTab } from './tabs/OverviewTab';
import { ThemeTab } from './tabs/ThemeTab';
import { useAgencyWorkspace } from './workspace';

/** Not in the spec: the question before leaving with unsaved changes. */
const LEAVE_QUESTION = 'There are unsaved changes. Leave without saving?';

/** Agency settings (spec 2.2, 4.1): the form, its status line and Save, the tabs, and the live preview. */
export function AgencyScreen() {
  const { region, uid, email } = useAgencyWorkspace();
  const form = useAgencyForm(region, uid);
  const [tab, setTab] = useState<string>(() => initialTab(window.location.search));

  // Leaving with unsaved changes asks first: closing or reloading the page, and following a
  // link of the app (the shell's router owns navigation, so its link clicks are caught first).
  useEffect(() => {
    if (!form.hasChanges) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    const leaveByLink = (event: MouseEvent) => {
      const link = (event.target as Element | null)?.closest?.('a[href]');
      if (!link || link.closest('[data-testid="agency-settings"]')) return;
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener('beforeunload', warn);
    document.addEventListener('click', leaveByLink, true);
    return () => {
      window.removeEventListener('beforeunload', warn);
      document.removeEventListener('click', leaveByLink, true);
    };
  }, [form.hasChanges]);

  const body = (name: (typeof AGENCY_SETTINGS_TABS)[number]) => {
    if (!uid) return null;
    switch (name) {
      case 'Overview':
        return <OverviewTab form={form} region={region} uid={uid} />;
      case 'Domains':
        return <DomainsTab form={form} region={region} uid={uid} />;
      case 'Email':
        return <EmailTab form={form} region={region} uid={uid} />;
      case 'Theme':
        return <ThemeTab form={form} region={region} uid={uid} />;
      case 'Custom Tabs':
        return <CustomTabsTab form={form} region={region} uid={uid} />;
      case 'Footer':
        return <FooterTab form={form} />;
      case 'Auto Billing':
        return form.whitelabel ? <AutoBillingTab region={region} uid={uid} email={email} /> : null;
    }
  };

  return (
    <div data-testid="agency-settings">
      <PageHeader
        title="Agency"
        description="Adjust agency settings"
        actions={
          <Group gap="sm">
            <Text size="sm" c="dimmed" data-testid="agency-status">{form.hasChanges ? AGENCY_API_MESSAGES.unsaved : AGENCY_API_MESSAGES.allSaved}</Text>
            <Button onClick={() => form.save.mutate()} loading={form.save.isPending} disabled={form.loading || !form.hasChanges} data-testid="agency-save">Save</Button>
          </Group>
        }
      />
      {form.error ? <Alert color="red" mb="md">{(form.error as Error).message}</Alert> : null}
      <Tabs value={tab} onChange={(value) => value && setTab(value)} keepMounted={false}>
        <Tabs.List mb="md">
          {AGENCY_SETTINGS_TABS.map((name) =>
            name === 'Auto Billing' && !form.whitelabel ? (
              <Tooltip key={name} label={WHITELABEL.unavailableTooltip}>
                <Tabs.Tab value={name} disabled>{name}</Tabs.Tab>
              </Tooltip>
            ) : (
              <Tabs.Tab key={name} value={name}>{name}</Tabs.Tab>
            ),
          )}
        </Tabs.List>
        {form.loading ? (
          <Loader />
        ) : (
          <Grid gutter="lg">
            <Grid.Col span={{ base: 12, lg: tab === 'Custom Tabs' ? 12 : 6 }}>
              {AGENCY_SETTINGS_TABS.map((name) => (
                <Tabs.Panel key={name} value={name}>{body(name)}</Tabs.Panel>
              ))}
            </Grid.Col>
            {tab === 'Custom Tabs' ? null : (
              <Grid.Col span={{ base: 12, lg: 6 }}>
                <PreviewPanel agency={form.local} poweredBy={!form.whitelabel} region={region} />
              </Grid.Col>
            )}
          </Grid>
        )}
      </Tabs>
    </div>
  );
}
