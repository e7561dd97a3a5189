import { useEffect, useState } from 'react';
import { CLIENT_DEFAULTS, NOTIFY_IF, NOTIFY_IF_LABELS, NOTIFY_THROUGH, NOTIFY_THROUGH_LABELS, newClientDashboardPassword, type AgentListItem, type ClientView, type SaveClientRequest } from '@platform/contracts';
import { AccessEditor, Button, Divider, Drawer, Group, PasswordInput, Select, Stack, Switch, Text, TextInput, effectiveOrder, type PageChoice } from '@platform/ui';
import { AgentChecklist } from './AgentChecklist';
import type { ClientsModel } from './clients-api';

const LANGUAGES = ['en', 'de', 'fr', 'es', 'it', 'nl', 'pt'];

/**
 * The client drawer (spec 2.12, 3.6, 6): the agency is the root admin, so every field shows here,
 * isAdmin and the client's own agents (widgetIDs among `orgAgents`, its organisation's) included (ADR 0045).
 */
export function ClientDrawer(props: { draft: SaveClientRequest | null; existing?: ClientView; choices: readonly PageChoice[]; orgAgents: readonly AgentListItem[]; model: ClientsModel; onClose: () => void }) {
  const { draft, existing, choices, orgAgents, model, onClose } = props;
  const [client, setClient] = useState<SaveClientRequest | null>(draft);
  useEffect(() => setClient(draft), [draft]);
  if (!client) return null;
  const set = (fields: Partial<SaveClientRequest>) => setClient({ ...client, ...fields });
  const access = client.canAccess ?? [];
  const ownAgents = client.widgetIDs ?? [];
  const save = () => model.saveClient.mutate(client, { onSuccess: onClose });

  return (
    <Drawer opened onClose={onClose} position="right" size="md" title={existing ? 'Edit client' : 'New client'} data-testid="client-drawer">
      <Stack gap="sm">
        <TextInput label="Name" value={client.name} onChange={(e) => set({ name: e.currentTarget.value })} data-testid="client-name" />
        <TextInput label="Email" value={client.email} onChange={(e) => set({ email: e.currentTarget.value })} data-testid="client-email" />
        <Group align="end" gap="xs">
          <PasswordInput
            style={{ flex: 1 }}
            label="Dashboard password"
            description={existing ? 'Stored hashed and never shown; leave empty to keep it' : undefined}
            value={client.dashboardPassword ?? ''}
            onChange={(e) => set({ dashboardPassword: e.currentTarget.value || undefined })}
            data-testid="client-password"
          />
          <Button variant="light" onClick={() => set({ dashboardPassword: newClientDashboardPassword() })}>Generate</Button>
        </Group>
        <TextInput label="Photo URL" value={client.squarePhotoURL ?? ''} onChange={(e) => set({ squarePhotoURL: e.currentTarget.value })} />
        <Switch label="Organisation admin" checked={!!client.isOrgAdmin} onChange={(e) => set({ isOrgAdmin: e.currentTarget.checked })} data-testid="client-org-admin" />
        <Switch
          label="Admin"
          description="Opens every page of the agency's own view of the dashboard and every custom tab, whatever Access says"
          checked={!!client.isAdmin}
          onChange={(e) => set({ isAdmin: e.currentTarget.checked })}
          data-testid="client-is-admin"
        />
        <Stack gap={4}>
          <Text size="sm" fw={500}>Agents</Text>
          <Text size="xs" c="dimmed">{ownAgents.length ? 'Only the agents checked.' : 'None checked: every agent of the organization.'}</Text>
          <AgentChecklist agents={orgAgents} checked={ownAgents} onChange={(checked) => set({ widgetIDs: checked })} empty="The organization has no agents yet." testId="client-agents" itemTestId={(id) => `client-agent-${id}`} />
        </Stack>
        <Divider />
        {client.isAdmin && <Text size="xs" c="dimmed" data-testid="client-access-admin-note">Admin: every page opens; Access applies again if Admin is turned off.</Text>}
        <AccessEditor
          testId="client-access"
          choices={choices}
          access={access}
          order={effectiveOrder(access, client.clientTabOrder)}
          onChange={({ access: canAccess, order }) => set({ canAccess, clientTabOrder: order })}
        />
        <Divider />
        <Select label="Notify through" data={NOTIFY_THROUGH.map((value) => ({ value, label: NOTIFY_THROUGH_LABELS[value] }))} value={client.notificationsSettings?.notifyThrough ?? CLIENT_DEFAULTS.notifyThrough} onChange={(value) => value && set({ notificationsSettings: { ...client.notificationsSettings, notifyThrough: value as (typeof NOTIFY_THROUGH)[number] } })} />
        <Select label="Notify if" data={NOTIFY_IF.map((value) => ({ value, label: NOTIFY_IF_LABELS[value] }))} value={client.notificationsSettings?.notifyIf ?? CLIENT_DEFAULTS.notifyIf} onChange={(value) => value && set({ notificationsSettings: { ...client.notificationsSettings, notifyIf: value as (typeof NOTIFY_IF)[number] } })} />
        <Select label="Language" data={LANGUAGES} value={client.preferredLanguage ?? CLIENT_DEFAULTS.preferredLanguage} onChange={(value) => value && set({ preferredLanguage: value })} />
        <Divider label="Advanced" />
        <Switch label="Allow creating agents" checked={!!client.allowCreateAgents} onChange={(e) => set({ allowCreateAgents: e.currentTarget.checked })} data-testid="client-create-agents" />
        <Switch label="Allow chat delegation" checked={!!client.canDelegateChats} onChange={(e) => set({ canDelegateChats: e.currentTarget.checked })} />
        <Switch label="Hide advanced settings" checked={!!client.hideAdvancedSettings} onChange={(e) => set({ hideAdvancedSettings: e.currentTarget.checked })} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={model.saveClient.isPending} data-testid="client-save">Save</Button>
        </Group>
      </Stack>
    </Drawer>
  );
}
