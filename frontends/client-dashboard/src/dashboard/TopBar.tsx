import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import {
  ActionIcon,
  Avatar,
  Button,
  Group,
  IconCircleFilled,
  IconCoins,
  IconLogout,
  IconMessageReport,
  IconMoon,
  IconSun,
  IconUser,
  Menu,
  NotificationsBell,
  Text,
  Tooltip,
  UnstyledButton,
  useComputedColorScheme,
  useMantineColorScheme,
} from '@platform/ui';
import { useClientSession, useDashboard } from '../session';
import { creditsLabel, mayCreateAgents } from '../logic/access';
import { notificationHref, type DashboardTab } from '../logic/tabs';
import { AccountDrawer } from './AccountDrawer';
import { ClientBilling } from './ClientBilling';
import { AgencyLogo } from './AgencyLogo';
import { AgentSelector } from './AgentSelector';
import { FeedbackDrawer } from './FeedbackDrawer';
import { NewAgentButton } from './NewAgentButton';
import { NotificationSettings } from './NotificationSettings';
import { topBarStyle } from './brand';
import { OrganizationMenu } from './OrganizationMenu';
import type { ClientAgent } from './use-client-agents';
import { useSignOut } from './use-sign-out';
import { useUpdateOwn } from './use-update-own';
import { useOrganizationCredits, useRefreshOrganizationCredits } from './use-organization-credits';
import { PUSH_WORKER } from '../push/push-worker';

/** Online/offline: the client's status, toggled by the button (spec 4.8). */
function StatusButton() {
  const { client } = useClientSession();
  const { busy, update } = useUpdateOwn();
  const online = client.status === 'online';
  const toggle = () => update({ status: online ? 'offline' : 'online' });
  return (
    <Button size="compact-sm" variant="default" onClick={toggle} loading={busy} leftSection={<IconCircleFilled size={10} color={online ? 'var(--mantine-color-teal-6)' : 'var(--mantine-color-gray-5)'} />} data-testid="client-status">
      {online ? 'Online' : 'Offline'}
    </Button>
  );
}

function ProfileMenu({ onAccount }: { onAccount: () => void }) {
  const { client, agencyAdmin } = useClientSession();
  const signOut = useSignOut();
  return (
    <Menu position="bottom-end" width={200}>
      <Menu.Target>
        <UnstyledButton data-testid="profile-menu" aria-label="Profile">
          <Avatar src={client.squarePhotoURL || undefined} size="md" radius="xl">
            {(client.name ?? client.email ?? '?').slice(0, 1).toUpperCase()}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{client.email}</Menu.Label>
        {!agencyAdmin && (
          <Menu.Item leftSection={<IconUser size={14} />} onClick={onAccount}>
            Account
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconLogout size={14} />} onClick={signOut} data-testid="log-out">
          Log Out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/**
 * The dashboard's top bar (spec 2.10): agency logo or Powered by, organisation switcher, agent
 * selector, feedback (with an agency e-mail domain), credits and status, dark mode, profile menu.
 */
export function TopBar({ agents, agentId, tabs, phone }: { agents: ClientAgent[]; agentId?: string; tabs: DashboardTab[]; phone: boolean }) {
  const { host } = useDashboard();
  const { organization, client, agencyAdmin } = useClientSession();
  const navigate = useNavigate();
  const { setColorScheme } = useMantineColorScheme();
  const dark = useComputedColorScheme('light') === 'dark';
  const [account, setAccount] = useState(false);
  const [feedback, setFeedback] = useState(false);
  const [billing, setBilling] = useState(false);
  const credits = useOrganizationCredits();
  const refreshCredits = useRefreshOrganizationCredits();
  // Billing is visible only when the organisation has allowBilling (billing.md §2, spec §6).
  const billingShown = Boolean(organization.allowBilling) && !agencyAdmin;
  // Feedback goes out through the agency's e-mail domain: offered only when it has one (spec §6).
  const feedbackShown = Boolean(host.agency.resendEmailDomain) && !agencyAdmin;
  return (
    // On a phone the controls wrap onto a second row rather than run off the screen (the bell and Log Out must stay reachable).
    <Group component="header" className="topbar" justify="space-between" px="md" mih={60} py={phone ? 6 : 0} gap={phone ? 6 : 'md'} wrap={phone ? 'wrap' : 'nowrap'} style={topBarStyle(host.agency)} data-testid="client-topbar">
      <Group gap="md" wrap="nowrap">
        <AgencyLogo dark={dark} showName={!phone} />
        <OrganizationMenu />
        {agents.length > 0 && <AgentSelector agents={agents} current={agentId} tabs={tabs} avatarOnly={phone} />}
        {mayCreateAgents({ agencyAdmin, client }) && <NewAgentButton tabs={tabs} compact={phone} />}
      </Group>
      <Group gap="xs" wrap="nowrap" ml={phone ? 'auto' : undefined}>
        {feedbackShown && (
          <Tooltip label="Send Feedback">
            <ActionIcon variant="subtle" color="gray" onClick={() => setFeedback(true)} aria-label="Send Feedback" data-testid="feedback-open">
              <IconMessageReport size={18} />
            </ActionIcon>
          </Tooltip>
        )}
        {billingShown ? (
          <Button size="compact-sm" variant="light" leftSection={<IconCoins size={16} />} onClick={() => setBilling(true)} data-testid="client-credits">
            {creditsLabel(credits)}
          </Button>
        ) : (
          <Group gap={4} wrap="nowrap" data-testid="client-credits">
            <IconCoins size={16} />
            <Text size="sm">{creditsLabel(credits)}</Text>
          </Group>
        )}
        {!agencyAdmin && <StatusButton />}
        <ActionIcon variant="subtle" color="gray" onClick={() => setColorScheme(dark ? 'light' : 'dark')} aria-label="Dark mode" data-testid="dark-mode">
          {dark ? <IconSun size={18} /> : <IconMoon size={18} />}
        </ActionIcon>
        {/* The session's organisation (the agency admin's too: its session is a client session); the admin sees every level. */}
        <NotificationsBell
          region={host.region}
          clientId={agencyAdmin ? undefined : client.ID}
          notifyIf={agencyAdmin ? 'all' : client.notificationsSettings?.notifyIf}
          onOpen={(path) => navigate(notificationHref(host.region, path))}
          onNotification={refreshCredits}
          pushWorker={agencyAdmin ? undefined : PUSH_WORKER}
          settings={agencyAdmin ? undefined : <NotificationSettings />}
        />
        <ProfileMenu onAccount={() => setAccount(true)} />
      </Group>
      {account && <AccountDrawer opened onClose={() => setAccount(false)} />}
      {billingShown && billing && <ClientBilling onClose={() => setBilling(false)} />}
      {feedbackShown && <FeedbackDrawer opened={feedback} onClose={() => setFeedback(false)} />}
    </Group>
  );
}
