import { useEffect, useState } from 'react';
import { DASHBOARD_LAYOUTS, DEFAULT_CLIENT_ACCESS, DISABLE_CLIENT_ACCESS_MESSAGE_MAX, MESSAGES, ORGANIZATION_DEFAULTS, type AgentListItem, type OrganizationView, type SaveOrganizationRequest } from '@platform/contracts';
import { AccessEditor, Button, Divider, Drawer, Group, SegmentedControl, Select, Stack, Switch, TagsInput, Textarea, TextInput, Text, effectiveOrder, type PageChoice } from '@platform/ui';
import { AgentChecklist } from './AgentChecklist';
import type { ClientsModel } from './clients-api';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'];

/** The fields the organisation drawer saves (credits and billing change through their own calls). */
export function organizationForm(org: OrganizationView): SaveOrganizationRequest {
  const { ID, name, squarePhotoURL, widgetIDs, orgUsers, preferredLanguage, dashboardLayout, defaultClientAccess, defaultClientTabOrder, predefinedTags, disallowAnyTags, disableHandoff, allowBilling, settings } = org;
  return { ID, name: name ?? '', squarePhotoURL, widgetIDs, orgUsers, preferredLanguage, dashboardLayout, defaultClientAccess, defaultClientTabOrder, predefinedTags, disallowAnyTags, disableHandoff, allowBilling, settings };
}

/** The organisation drawer (spec 2.12, 3.7, 6): root-admin fields, the agents its clients see, default access and order, disabled access. */
export function OrganizationDrawer(props: { org: OrganizationView | null; agents: AgentListItem[]; choices: readonly PageChoice[]; model: ClientsModel; onClose: () => void }) {
  const { org, agents, choices, model, onClose } = props;
  const [form, setForm] = useState<SaveOrganizationRequest | null>(org && organizationForm(org));
  useEffect(() => setForm(org && organizationForm(org)), [org]);
  if (!form) return null;
  const set = (fields: Partial<SaveOrganizationRequest>) => setForm({ ...form, ...fields });
  const settings = form.settings ?? {};
  const setSettings = (fields: Partial<NonNullable<SaveOrganizationRequest['settings']>>) => set({ settings: { ...settings, ...fields } });
  const access = form.defaultClientAccess ?? [...DEFAULT_CLIENT_ACCESS];
  const widgetIDs = form.widgetIDs ?? [];
  const message = settings.disableClientAccessMessage ?? '';

  return (
    <Drawer opened onClose={onClose} position="right" size="md" title="Edit organization" data-testid="organization-drawer">
      <Stack gap="sm">
        <TextInput label="Organization name" placeholder={ORGANIZATION_DEFAULTS.name} value={form.name} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="organization-name" />
        <TextInput label="Photo URL" value={form.squarePhotoURL ?? ''} onChange={(e) => set({ squarePhotoURL: e.currentTarget.value })} />
        <Text size="sm" fw={500}>Agents</Text>
        <AgentChecklist agents={agents} checked={widgetIDs} onChange={(checked) => set({ widgetIDs: checked })} empty="This workspace has no agents yet." testId="organization-agents" />
        <Divider label="Root admin" />
        <Select label="Dashboard language" data={LANGUAGES} value={form.preferredLanguage ?? 'en'} onChange={(value) => value && set({ preferredLanguage: value })} />
        <div>
          <Text size="sm" fw={500}>Dashboard layout</Text>
          <SegmentedControl data={[...DASHBOARD_LAYOUTS]} value={form.dashboardLayout ?? ORGANIZATION_DEFAULTS.dashboardLayout} onChange={(value) => set({ dashboardLayout: value as (typeof DASHBOARD_LAYOUTS)[number] })} data-testid="organization-layout" />
        </div>
        <Text size="sm" c="dimmed">Default access and tab order of new clients</Text>
        <AccessEditor
          testId="organization-access"
          choices={choices}
          access={access}
          order={effectiveOrder(access, form.defaultClientTabOrder)}
          onChange={({ access: defaultClientAccess, order }) => set({ defaultClientAccess, defaultClientTabOrder: order })}
        />
        <TagsInput label="Predefined tags" value={form.predefinedTags ?? []} onChange={(predefinedTags) => set({ predefinedTags })} />
        <Switch label="Disallow any other tags" checked={!!form.disallowAnyTags} onChange={(e) => set({ disallowAnyTags: e.currentTarget.checked })} />
        <Switch label="Disable handoff" checked={!!form.disableHandoff} onChange={(e) => set({ disableHandoff: e.currentTarget.checked })} />
        <Switch label="Smart handoff" checked={!!settings.smartHandoff} onChange={(e) => setSettings({ smartHandoff: e.currentTarget.checked })} />
        <Switch label="Disable handoff messages" checked={!!settings.disableHandoffMessages} onChange={(e) => setSettings({ disableHandoffMessages: e.currentTarget.checked })} />
        <Switch label="Enable canned responses" checked={!!settings.enableCannedResponses} onChange={(e) => setSettings({ enableCannedResponses: e.currentTarget.checked })} />
        {/* Billing needs the agency's connected Stripe account; turning it off stays possible. */}
        <Switch
          label="Allow billing"
          checked={!!form.allowBilling}
          disabled={!model.billingConnected && !form.allowBilling}
          description={model.billingConnected === false ? MESSAGES.billing.connectAccountMissing : undefined}
          onChange={(e) => set({ allowBilling: e.currentTarget.checked })}
          data-testid="organization-allow-billing"
        />
        <Switch label="Disable client access" checked={!!settings.disableClientAccess} onChange={(e) => setSettings({ disableClientAccess: e.currentTarget.checked })} data-testid="organization-disable-access" />
        {settings.disableClientAccess && (
          <Textarea
            label="Personalised message"
            placeholder={ORGANIZATION_DEFAULTS.disableClientAccessMessage}
            maxLength={DISABLE_CLIENT_ACCESS_MESSAGE_MAX}
            description={`${message.length}/${DISABLE_CLIENT_ACCESS_MESSAGE_MAX}`}
            value={message}
            onChange={(e) => setSettings({ disableClientAccessMessage: e.currentTarget.value })}
            data-testid="organization-disable-message"
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={() => model.saveOrganization.mutate(form, { onSuccess: onClose })} loading={model.saveOrganization.isPending} data-testid="organization-save">Save</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
