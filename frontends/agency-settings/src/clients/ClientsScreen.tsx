import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { AGENCY_API, type ClientView, type OrganizationView, type SaveClientRequest } from '@platform/contracts';
import { Alert, Badge, Button, Card, Group, Loader, Menu, PageHeader, Stack, Table, Text, callApi, pageChoices, type PageChoice } from '@platform/ui';
import { agencyQueryKey } from '../agency/agency-form';
import { useAgencyWorkspace } from '../agency/workspace';
import { ClientDrawer } from './ClientDrawer';
import { newClientDraft } from './client-access';
import { useClients } from './clients-api';
import { OrganizationDrawer } from './OrganizationDrawer';
import { CreditTransferDialog } from './credit-transfer/CreditTransferDialog';

/**
 * What the client drawer edits about an existing client (never its password: it is only ever set);
 * its own agents among its organisation's only (one the organisation no longer holds is dropped).
 */
const draftOf = (client: ClientView, org: OrganizationView): SaveClientRequest => {
  const { ID, orgId, name, email, squarePhotoURL, canAccess, clientTabOrder, notificationsSettings, preferredLanguage, isOrgAdmin, isAdmin, allowCreateAgents, canDelegateChats, hideAdvancedSettings, widgetIDs } = client;
  const ownAgents = widgetIDs?.filter((id) => (org.widgetIDs ?? []).includes(id));
  return { ID, orgId, name: name ?? '', email: email ?? '', squarePhotoURL, canAccess, clientTabOrder, notificationsSettings, preferredLanguage, isOrgAdmin, isAdmin, allowCreateAgents, canDelegateChats, hideAdvancedSettings, widgetIDs: ownAgents };
};

/** Client and organisation management (spec 2.12, 3.6, 3.7, 5, 6, 8) for the agency of the selected workspace. */
export function ClientsScreen() {
  const { region, uid } = useAgencyWorkspace();
  const model = useClients(region, uid);
  const agency = useQuery({ queryKey: agencyQueryKey(region, uid ?? ''), queryFn: () => callApi(AGENCY_API.getAgency, { region, params: { uid: uid! } }), enabled: Boolean(uid) });
  const [editingOrg, setEditingOrg] = useState<OrganizationView | null>(null);
  const [transferOrg, setTransferOrg] = useState<OrganizationView | null>(null);
  const [clientDraft, setClientDraft] = useState<{ draft: SaveClientRequest; existing?: ClientView } | null>(null);

  const agencyId = agency.data?.agency?.ID;
  // The client drawer offers its organisation's agents.
  const draftOrgAgents = model.organizations.find((org) => org.ID === clientDraft?.draft.orgId)?.widgetIDs ?? [];
  const draftAgents = model.agents.filter((agent) => draftOrgAgents.includes(agent.ID!));
  // The agency's custom tabs are pages a client may be given too.
  const choices: PageChoice[] = useMemo(() => pageChoices(agency.data?.agency?.customTabs ?? []), [agency.data]);

  return (
    <div data-testid="clients-screen">
      <PageHeader
        title="Clients"
        description="Manage the clients and organisations of your agency"
        actions={<Button onClick={() => model.createOrganization.mutate()} loading={model.createOrganization.isPending} disabled={!uid} data-testid="new-organization">+ New Organization</Button>}
      />
      {model.loading && <Loader />}
      {model.error && <Alert color="red">{(model.error as Error).message}</Alert>}
      {!model.loading && model.organizations.length === 0 && <Text c="dimmed" data-testid="no-organizations">No organisations yet. Create one to add clients.</Text>}
      <Stack gap="md">
        {model.organizations.map((org) => {
          const clients = model.clients.filter((client) => client.orgId === org.ID);
          return (
            <Card key={org.ID} withBorder data-testid="organization-card" data-org-id={org.ID}>
              <Group justify="space-between" mb="sm">
                <Group gap="xs">
                  <Text fw={600} data-testid="organization-card-name">{org.name}</Text>
                  <Badge variant="light">{org.dashboardLayout}</Badge>
                  <Badge variant="light" color="gray">{(org.widgetIDs ?? []).length === 1 ? '1 agent' : `${(org.widgetIDs ?? []).length} agents`}</Badge>
                  {org.settings?.disableClientAccess && <Badge color="red">Access disabled</Badge>}
                </Group>
                <Group gap="xs">
                  <Button size="xs" variant="light" onClick={() => setClientDraft({ draft: newClientDraft(org) })} data-testid="add-client">+ Add Client</Button>
                  <Menu>
                    <Menu.Target>
                      <Button size="xs" variant="default" data-testid="organization-menu">…</Button>
                    </Menu.Target>
                    <Menu.Dropdown>
                      <Menu.Item onClick={() => setEditingOrg(org)} data-testid="edit-organization">Edit organization</Menu.Item>
                      {/* spec 6: credit transfer needs allowBilling */}
                      <Menu.Item onClick={() => setTransferOrg(org)} disabled={!org.allowBilling} title={org.allowBilling ? undefined : 'Allow billing for this organization first'} data-testid="transfer-credits">
                        Transfer credits
                      </Menu.Item>
                      <Menu.Item color="red" onClick={() => window.confirm(`Delete ${org.name} and its clients?`) && model.deleteOrganization.mutate(org.ID)}>Delete organization</Menu.Item>
                    </Menu.Dropdown>
                  </Menu>
                </Group>
              </Group>
              {clients.length === 0 ? (
                <Text size="sm" c="dimmed">No clients yet.</Text>
              ) : (
                <Table data-testid="clients-table">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Email</Table.Th>
                      <Table.Th>Tabs</Table.Th>
                      <Table.Th />
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {clients.map((client) => (
                      <Table.Tr key={client.ID} data-testid="client-row" data-client-email={client.email}>
                        <Table.Td>
                          {client.name} {client.isOrgAdmin && <Badge size="xs">Admin</Badge>}
                        </Table.Td>
                        <Table.Td>{client.email}</Table.Td>
                        <Table.Td data-testid="client-tabs">{(client.clientTabOrder ?? client.canAccess ?? []).join(' ')}</Table.Td>
                        <Table.Td>
                          <Group gap={4} justify="flex-end">
                            <Button size="xs" variant="subtle" onClick={() => setClientDraft({ draft: draftOf(client, org), existing: client })} data-testid="edit-client">Edit</Button>
                            <Button size="xs" variant="subtle" disabled={!agencyId || !client.email} onClick={() => model.inviteClient.mutate({ email: client.email!, agencyId: agencyId! })} data-testid="invite-client">Invite</Button>
                            <Button size="xs" variant="subtle" color="red" onClick={() => window.confirm(`Delete ${client.email}?`) && model.deleteClient.mutate(client.ID)}>Delete</Button>
                          </Group>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              )}
            </Card>
          );
        })}
      </Stack>
      {uid && transferOrg && (
        <CreditTransferDialog region={region} workspaceId={uid} orgId={transferOrg.ID} orgName={transferOrg.name} opened onClose={() => setTransferOrg(null)} onTransferred={() => model.refresh()} />
      )}
      <OrganizationDrawer org={editingOrg} agents={model.agents} choices={choices} model={model} onClose={() => setEditingOrg(null)} />
      <ClientDrawer draft={clientDraft?.draft ?? null} existing={clientDraft?.existing} choices={choices} orgAgents={draftAgents} model={model} onClose={() => setClientDraft(null)} />
    </div>
  );
}
