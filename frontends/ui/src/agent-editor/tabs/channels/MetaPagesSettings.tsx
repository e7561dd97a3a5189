import { useState } from 'react';
import { MESSAGES, META_GUIDES, META_PAGES_API, type Region, type SocialPage } from '@platform/contracts';
import { Alert, Avatar, Badge, Button, Group, IconInfoCircle, PasswordInput, Stack, Stepper, Text, UnstyledButton } from '../../../mantine';
import { callApi } from '../../../api/client';
import { notify } from '../../../notices/notify';
import { FormSection } from '../../forms/fields';
import { track } from '../../logic/analytics';
import { DocsBanner } from './DocsBanner';
import type { AgentChannels } from './use-agent-channels';

const messages = MESSAGES.channels;
const reason = (error: unknown) => (error instanceof Error && error.message ? error.message : messages.unexpectedError);

/**
 * Messenger and Instagram, three steps: sign in with Meta (its user token), pick a page (the
 * picker checks the page's subscriptions: connected pages ask for a test message, others show
 * not connected; choosing another page resets), then connect it. The helpers name the agent: on
 * the client dashboard that is what lets an agency client with the Channels page call them (ADR 0040).
 */
export function MetaPagesSettings({ channel, region, agentId, channels, reload }: { channel: 'messenger' | 'instagram'; region: Region; agentId: string; channels?: AgentChannels; reload: () => Promise<void> }) {
  const [step, setStep] = useState(0);
  const [token, setToken] = useState('');
  const [pages, setPages] = useState<SocialPage[]>();
  const [selected, setSelected] = useState<SocialPage>();
  const [subscribed, setSubscribed] = useState<boolean>();
  const [busy, setBusy] = useState(false);
  const title = channel === 'messenger' ? 'Messenger' : 'Instagram';
  const offered = pages?.filter((page) => channel === 'messenger' || page.connectedIgPage?.id);
  const connected = (channels?.metaPages ?? []).filter((page) => channel === 'messenger' || page.igPageId);

  const loadPages = async () => {
    setBusy(true);
    try {
      setPages((await callApi(META_PAGES_API.tokenToPages, { region, body: { token: token.trim(), agentId } })).data);
      setStep(1);
    } catch (error) {
      notify.error(messages.errorOccurred(reason(error)));
    } finally {
      setBusy(false);
    }
  };
  const pick = async (page: SocialPage) => {
    setSelected(page);
    setSubscribed(undefined);
    try {
      setSubscribed((await callApi(META_PAGES_API.checkPageSubscriptions, { region, body: { token: page.accessToken ?? '', agentId } })).subscribed);
    } catch (error) {
      notify.error(messages.errorOccurred(reason(error)));
    }
  };
  const connect = async () => {
    if (!selected) return;
    setBusy(true);
    try {
      notify.success((await callApi(META_PAGES_API.connectMetaPage, { region, body: { agentId, selectedPage: selected } })).message);
      track(`${channel}_channel_added`, { agentId });
      setStep(0);
      setSelected(undefined);
      setPages(undefined);
      setToken('');
      await reload();
    } catch (error) {
      notify.error(reason(error));
    } finally {
      setBusy(false);
    }
  };
  const remove = async (pageId: string) => {
    try {
      notify.success((await callApi(META_PAGES_API.removeMetaPage, { region, body: { agentId, pageId } })).message);
      await reload();
    } catch {
      notify.error(messages.pageRemoveFailed);
    }
  };

  return (
    <FormSection title={title} testId={`channel-settings-${channel}`}>
      <Stepper active={step} size="sm">
        <Stepper.Step label="Sign in with Meta" description="Your access token">
          <Stack gap="xs" mt="sm">
            {channel === 'instagram' ? (
              <DocsBanner guide={META_GUIDES.instagram}>Sign in with the Facebook account that manages your page and its Instagram professional account; the sign-in gives the access token.</DocsBanner>
            ) : (
              <Alert variant="light" icon={<IconInfoCircle size={18} />}>
                Sign in with the Facebook account that manages your page; the sign-in gives the access token.
              </Alert>
            )}
            <Group align="flex-end">
              <PasswordInput style={{ flex: 1 }} label="Meta access token" value={token} onChange={(e) => setToken(e.currentTarget.value)} data-testid="meta-token" />
              <Button onClick={loadPages} loading={busy} disabled={!token.trim()} data-testid="meta-load-pages">
                Next
              </Button>
            </Group>
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Choose a page" description={channel === 'instagram' ? 'With an Instagram account' : 'Facebook page'}>
          <Stack gap="xs" mt="sm" data-testid="meta-page-picker">
            {!selected &&
              offered?.map((page) => (
                <UnstyledButton key={page.id} onClick={() => pick(page)} data-testid={`meta-page-${page.id}`}>
                  <Group>
                    <Avatar src={page.photoUrl} size="sm" />
                    <Text size="sm">{channel === 'instagram' ? `${page.name} · @${page.connectedIgPage?.username ?? ''}` : page.name}</Text>
                  </Group>
                </UnstyledButton>
              ))}
            {offered?.length === 0 && <Text size="sm">No page{channel === 'instagram' ? ' with an Instagram account' : ''} found for this account.</Text>}
            {selected && (
              <Stack gap="xs">
                <Text size="sm" fw={600}>
                  {selected.name}
                </Text>
                {subscribed === true && <Alert color="teal">This page is connected. Send a message to the page to verify that the agent answers.</Alert>}
                {subscribed === false && <Alert color="gray">This page is not connected yet.</Alert>}
                <Group>
                  <Button variant="default" onClick={() => (setSelected(undefined), setSubscribed(undefined))}>
                    Choose another page
                  </Button>
                  <Button onClick={() => setStep(2)} data-testid="meta-page-next">
                    Next
                  </Button>
                </Group>
              </Stack>
            )}
          </Stack>
        </Stepper.Step>
        <Stepper.Step label="Connect" description="To this agent">
          <Group mt="sm" justify="space-between">
            <Text size="sm">Connect {selected?.name} to this agent: its messages are answered by the agent.</Text>
            <Group>
              <Button variant="default" onClick={() => setStep(1)}>
                Back
              </Button>
              <Button onClick={connect} loading={busy} data-testid="meta-connect">
                Connect
              </Button>
            </Group>
          </Group>
        </Stepper.Step>
      </Stepper>
      {connected.map((page) => (
        <Group key={page.pageId} justify="space-between" data-testid={`meta-connected-${page.pageId}`}>
          <Badge color="teal" variant="light">
            {channel === 'instagram' ? `@${page.igPageName}` : page.pageName}
          </Badge>
          <Button size="xs" color="red" variant="light" onClick={() => remove(page.pageId!)}>
            Remove
          </Button>
        </Group>
      ))}
    </FormSection>
  );
}
