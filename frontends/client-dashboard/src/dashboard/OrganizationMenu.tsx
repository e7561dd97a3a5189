import { useState } from 'react';
import { CLIENTS_API_MESSAGES, MESSAGES, newClientDashboardPassword } from '@platform/contracts';
import { Avatar, Button, Drawer, Group, IconCheck, IconChevronDown, IconInfoCircle, IconUserPlus, IconUsers, Menu, Modal, PasswordInput, Stack, Switch, Text, TextInput, UnstyledButton, notify, truncateName } from '@platform/ui';
import { useClientSession, useDashboard } from '../session';
import { OrganizationUsersDrawer } from './OrganizationUsers';
import { useSaveOrgUser } from './use-save-org-user';

/** About the organisation: everyone reads it; an organisation admin edits its name and photo, others are told 'You are not an admin' (spec §6). */
function AboutModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { api, refresh } = useDashboard();
  const { organization, client } = useClientSession();
  const admin = Boolean(client.isOrgAdmin);
  const [name, setName] = useState(organization.name ?? '');
  const [photo, setPhoto] = useState(organization.squarePhotoURL ?? '');
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const answer = await api.saveOwnOrganization({ name: name.trim(), ...(photo.trim() ? { squarePhotoURL: photo.trim() } : {}) });
      notify.success(answer.message ?? CLIENTS_API_MESSAGES.organizationUpdated, 3000);
      await refresh();
      onClose();
    } catch (error) {
      notify.error(CLIENTS_API_MESSAGES.organizationUpdateFailed(error instanceof Error ? error.message : undefined), 3000);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal opened={opened} onClose={onClose} title="About" data-testid="org-about">
      <Stack>
        <Group>
          <Avatar src={photo || undefined} radius="md" size="lg">
            {(name || '?').slice(0, 1).toUpperCase()}
          </Avatar>
          <Text fw={600}>{organization.name}</Text>
        </Group>
        <TextInput label="Organization name" value={name} onChange={(e) => setName(e.currentTarget.value)} readOnly={!admin} />
        <TextInput label="Logo URL" value={photo} onChange={(e) => setPhoto(e.currentTarget.value)} readOnly={!admin} />
        {admin ? (
          <Button onClick={save} loading={busy} data-testid="org-about-save">
            Save
          </Button>
        ) : (
          <Text size="sm" c="dimmed" data-testid="org-about-not-admin">
            {MESSAGES.clients.notAdmin}
          </Text>
        )}
      </Stack>
    </Modal>
  );
}

/** A new user's form: the password is 15 random characters by default (spec §3.6), shown so the admin can pass it on. */
const newUserFields = () => ({ name: '', email: '', dashboardPassword: newClientDashboardPassword(), allowCreateAgents: false, canDelegateChats: false });

/** + Add User (organisation admins only, spec §6): a new user of the organisation, with the organisation's default access. */
function AddUserDrawer({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const { client } = useClientSession();
  // Advanced client settings: visible unless the agency set hideAdvancedSettings on this admin (spec §6).
  const advanced = !client.hideAdvancedSettings;
  const [fields, setFields] = useState(newUserFields);
  const { save: saveUser, busy } = useSaveOrgUser();
  const set = (key: 'name' | 'email' | 'dashboardPassword') => (e: React.ChangeEvent<HTMLInputElement>) => setFields({ ...fields, [key]: e.currentTarget.value });
  const save = async () => {
    if (!fields.name.trim() || !fields.email.trim() || !fields.dashboardPassword) return notify.error(MESSAGES.clients.fieldsRequired, 3000);
    const saved = await saveUser({
      name: fields.name.trim(),
      email: fields.email.trim(),
      dashboardPassword: fields.dashboardPassword,
      ...(advanced ? { allowCreateAgents: fields.allowCreateAgents, canDelegateChats: fields.canDelegateChats } : {}),
    });
    if (!saved) return;
    setFields(newUserFields());
    onClose();
  };
  return (
    <Drawer opened={opened} onClose={onClose} title="+ Add User" position="right" data-testid="add-user-drawer">
      <Stack>
        <TextInput label="Name" value={fields.name} onChange={set('name')} data-testid="add-user-name" />
        <TextInput label="Email" type="email" value={fields.email} onChange={set('email')} data-testid="add-user-email" />
        <PasswordInput label="Password" value={fields.dashboardPassword} onChange={set('dashboardPassword')} data-testid="add-user-password" />
        {advanced && (
          <>
            <Switch label="Allow creating agents" checked={fields.allowCreateAgents} onChange={(e) => setFields({ ...fields, allowCreateAgents: e.currentTarget.checked })} data-testid="add-user-create-agents" />
            <Switch label="Allow chat delegation" checked={fields.canDelegateChats} onChange={(e) => setFields({ ...fields, canDelegateChats: e.currentTarget.checked })} />
          </>
        )}
        <Button onClick={save} loading={busy} data-testid="add-user-save">
          Add User
        </Button>
      </Stack>
    </Drawer>
  );
}

/**
 * The organisation switcher and menu (spec 2.10): the organisations this sign-in acts for (the
 * agency admin: every one of the agency; ADR 0027), About, and for organisation admins + Add User
 * and Users (assigning the others' access, ADR 0045).
 */
export function OrganizationMenu() {
  const { api } = useDashboard();
  const { organization, organizations, client, agencyAdmin } = useClientSession();
  const [about, setAbout] = useState(false);
  const [addUser, setAddUser] = useState(false);
  const [users, setUsers] = useState(false);
  const orgAdmin = Boolean(client.isOrgAdmin) && !agencyAdmin;
  // Another organisation is another session (its agents, notifications, credits): start over on it.
  const switchTo = async (orgId: string) => {
    try {
      await api.switchOrganization(orgId);
      window.location.assign('/');
    } catch (error) {
      notify.error(error instanceof Error ? error.message : CLIENTS_API_MESSAGES.organizationNotFound, 3000);
    }
  };
  return (
    <>
      <Menu position="bottom-start" width={240}>
        <Menu.Target>
          <UnstyledButton data-testid="org-switcher" style={{ color: 'inherit' }}>
            <Group gap={6} wrap="nowrap">
              <Avatar src={organization.squarePhotoURL || undefined} size="sm" radius="sm">
                {(organization.name ?? '?').slice(0, 1).toUpperCase()}
              </Avatar>
              <Text size="sm" fw={600} visibleFrom="xs">
                {truncateName(organization.name ?? '')}
              </Text>
              <IconChevronDown size={14} />
            </Group>
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>Organization</Menu.Label>
          {organizations.map((org) =>
            org.ID === organization.ID ? (
              <Menu.Item key={org.ID} leftSection={<IconCheck size={14} />} data-testid="org-option-current">
                {truncateName(organization.name ?? '')}
              </Menu.Item>
            ) : (
              <Menu.Item key={org.ID} leftSection={<Avatar src={org.squarePhotoURL || undefined} size={14} radius="sm" />} onClick={() => void switchTo(org.ID)} data-testid={`org-option-${org.ID}`}>
                {truncateName(org.name ?? '')}
              </Menu.Item>
            ),
          )}
          <Menu.Divider />
          <Menu.Item leftSection={<IconInfoCircle size={14} />} onClick={() => setAbout(true)}>
            About
          </Menu.Item>
          {orgAdmin && (
            <Menu.Item leftSection={<IconUserPlus size={14} />} onClick={() => setAddUser(true)}>
              + Add User
            </Menu.Item>
          )}
          {orgAdmin && (
            <Menu.Item leftSection={<IconUsers size={14} />} onClick={() => setUsers(true)} data-testid="org-users">
              Users
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      {about && <AboutModal opened onClose={() => setAbout(false)} />}
      {orgAdmin && <AddUserDrawer opened={addUser} onClose={() => setAddUser(false)} />}
      {orgAdmin && users && <OrganizationUsersDrawer opened onClose={() => setUsers(false)} />}
    </>
  );
}
