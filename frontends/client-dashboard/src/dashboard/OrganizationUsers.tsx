import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { CLIENTS_API_MESSAGES, type OrgUserView } from '@platform/contracts';
import { AccessEditor, Badge, Button, Drawer, Group, Loader, Stack, Text, effectiveOrder, pageChoices } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';
import { useSaveOrgUser } from './use-save-org-user';

const USERS_KEY = ['organization-users'] as const;

/** One other user's access and tab order, edited by the organisation admin within its own pages. */
function UserAccess({ user, onDone }: { user: OrgUserView; onDone: () => void }) {
  const { host } = useDashboard();
  const { pages } = useClientSession();
  const queryClient = useQueryClient();
  const [access, setAccess] = useState(user.canAccess ?? []);
  const [order, setOrder] = useState(effectiveOrder(user.canAccess ?? [], user.clientTabOrder));
  const { save: saveUser, busy } = useSaveOrgUser();
  const save = async () => {
    if (!(await saveUser({ ID: user.ID, name: user.name ?? '', email: user.email ?? '', canAccess: access, clientTabOrder: order }))) return;
    await queryClient.invalidateQueries({ queryKey: USERS_KEY });
    onDone();
  };
  return (
    <Stack gap="xs" data-testid="org-user-access-form">
      {/* Every page the agency offers; the admin gives or takes only those it opens itself (spec §6, ADR 0045). */}
      <AccessEditor
        testId="org-user-access"
        choices={pageChoices(host.agency.customTabs ?? [])}
        editable={pages}
        access={access}
        order={order}
        onChange={(next) => {
          setAccess(next.access);
          setOrder(next.order);
        }}
      />
      <Group justify="flex-end" gap="xs">
        <Button variant="default" size="xs" onClick={onDone}>
          Cancel
        </Button>
        <Button size="xs" onClick={save} loading={busy} data-testid="org-user-access-save">
          Save access
        </Button>
      </Group>
    </Stack>
  );
}

/**
 * Users (organisation admins, spec §6 "adds users and assigns others"): the organisation's users;
 * the admin assigns the others' access and tab order (its own is the agency's to set).
 */
export function OrganizationUsersDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { api } = useDashboard();
  const { client } = useClientSession();
  const users = useQuery({ queryKey: USERS_KEY, queryFn: () => api.orgClients(), enabled: opened });
  const [editing, setEditing] = useState<string | null>(null);
  return (
    <Drawer opened={opened} onClose={onClose} title="Users" position="right" size="md" data-testid="org-users-drawer">
      {users.isLoading && <Loader />}
      {users.isError && <Text c="red">{users.error instanceof Error ? users.error.message : CLIENTS_API_MESSAGES.clientUpdateFailed}</Text>}
      <Stack gap="md">
        {(users.data ?? []).map((user) => (
          <Stack key={user.ID} gap={6} data-testid="org-user" data-email={user.email}>
            <Group justify="space-between" wrap="nowrap">
              <div>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {user.name}
                  </Text>
                  {user.isOrgAdmin && <Badge size="xs">Admin</Badge>}
                  {user.isAdmin && (
                    <Badge size="xs" color="grape" title="The agency gave this user every page">
                      Every page
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed">
                  {user.email}
                </Text>
              </div>
              {user.ID === client.ID ? (
                <Text size="xs" c="dimmed">
                  You
                </Text>
              ) : (
                editing !== user.ID && (
                  <Button size="xs" variant="light" onClick={() => setEditing(user.ID)} data-testid="org-user-edit-access">
                    Edit access
                  </Button>
                )
              )}
            </Group>
            {editing === user.ID ? (
              <UserAccess user={user} onDone={() => setEditing(null)} />
            ) : (
              <Text size="xs" c="dimmed" data-testid="org-user-tabs">
                {effectiveOrder(user.canAccess ?? [], user.clientTabOrder).join(' ')}
              </Text>
            )}
          </Stack>
        ))}
      </Stack>
    </Drawer>
  );
}
