import { useMemo, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  CAMPAIGNS_API,
  CAMPAIGN_MESSAGES,
  MESSAGE_TEMPLATE_CATEGORIES,
  createCampaignRequestSchema,
  createCampaignTemplateRequestSchema,
  whatsappIdOf,
  type Campaign,
  type CampaignStatus,
  type Region,
} from '@platform/contracts';
import { Alert, Badge, Button, Card, Checkbox, Group, Loader, NativeSelect, SimpleGrid, Stack, Table, Text, TextInput, Textarea, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { callApi } from '../api/client';
import { queryClient, useLeads } from '../api/hooks';
import { ConfirmDialog } from '../components/ConfirmDialog';
import { notify } from '../notices/notify';

const campaignsKey = (region: Region, agentId: string) => ['campaigns', region, agentId] as const;
const templatesKey = (region: Region, agentId: string) => ['campaign-templates', region, agentId] as const;
const STATUS_COLORS: Record<CampaignStatus, string> = { draft: 'gray', sending: 'yellow', sent: 'teal' };
const TEMPLATE_LANGUAGES = ['en_US', 'en_GB', 'es', 'fr', 'de', 'it', 'pt_BR', 'nl'];

const useCampaigns = (region: Region, agentId: string) =>
  useQuery({ queryKey: campaignsKey(region, agentId), queryFn: async () => (await callApi(CAMPAIGNS_API.listCampaigns, { region, params: { agentId } })).data });
const useTemplates = (region: Region, agentId: string) =>
  useQuery({ queryKey: templatesKey(region, agentId), queryFn: async () => (await callApi(CAMPAIGNS_API.listCampaignTemplates, { region, params: { agentId } })).data, retry: false });

/** createTemplate in the WhatsApp account of the agent's number (the service holds the token). */
function NewTemplateForm({ region, agentId }: { region: Region; agentId: string }) {
  const [name, setName] = useState('');
  const [language, setLanguage] = useState(TEMPLATE_LANGUAGES[0]!);
  const [category, setCategory] = useState<(typeof MESSAGE_TEMPLATE_CATEGORIES)[number]>('MARKETING');
  const [bodyText, setBodyText] = useState('');
  const [error, setError] = useState<string>();
  const create = useMutation({
    mutationFn: () => callApi(CAMPAIGNS_API.createCampaignTemplate, { region, params: { agentId }, body: { name, language, category, bodyText } }),
    onSuccess: async () => {
      notify.success(`Template ${name} created.`);
      setName('');
      setBodyText('');
      await queryClient.invalidateQueries({ queryKey: templatesKey(region, agentId) });
    },
    onError: (err: Error) => setError(err.message),
  });
  const submit = () => {
    const invalid = createCampaignTemplateRequestSchema.validate({ name, language, category, bodyText }).error;
    setError(invalid?.message);
    if (!invalid) create.mutate();
  };
  return (
    <Card withBorder padding="lg" data-testid="new-template">
      <Title order={5} mb="xs">
        New template
      </Title>
      <Stack gap="xs">
        <TextInput label="Name" description="Lowercase letters, digits and underscores" placeholder="spring_offer" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="template-name" />
        <Group grow>
          <NativeSelect label="Language" data={TEMPLATE_LANGUAGES} value={language} onChange={(e) => setLanguage(e.currentTarget.value)} data-testid="template-language" />
          <NativeSelect label="Category" data={[...MESSAGE_TEMPLATE_CATEGORIES]} value={category} onChange={(e) => setCategory(e.currentTarget.value as typeof category)} data-testid="template-category" />
        </Group>
        <Textarea label="Message" autosize minRows={2} value={bodyText} onChange={(e) => setBodyText(e.currentTarget.value)} data-testid="template-body" />
        {error && (
          <Text c="red" size="sm" data-testid="template-error">
            {error}
          </Text>
        )}
        <Button onClick={submit} loading={create.isPending} data-testid="template-create">
          Create template
        </Button>
      </Stack>
    </Card>
  );
}

/** A draft campaign: a name, an approved template, leads with a phone number. */
function NewCampaignForm({ region, agentId }: { region: Region; agentId: string }) {
  const templates = useTemplates(region, agentId);
  const leads = useLeads(region, agentId);
  const approved = (templates.data ?? []).filter((t) => t.status === 'APPROVED');
  const phones = useMemo(() => [...new Map((leads.data ?? []).filter((l) => l.phone).map((l) => [whatsappIdOf(l.phone!), l.phone!])).values()], [leads.data]);
  const [name, setName] = useState('');
  const [template, setTemplate] = useState('');
  const [chosen, setChosen] = useState<string[]>([]);
  const [error, setError] = useState<string>();
  const [templateName = '', templateLanguage = ''] = template.split('|');
  const create = useMutation({
    mutationFn: () => callApi(CAMPAIGNS_API.createCampaign, { region, params: { agentId }, body: { name, templateName, templateLanguage, phones: chosen } }),
    onSuccess: async (answer) => {
      notify.success(answer.message);
      setName('');
      setChosen([]);
      await queryClient.invalidateQueries({ queryKey: campaignsKey(region, agentId) });
    },
    onError: (err: Error) => setError(err.message),
  });
  const submit = () => {
    const invalid = createCampaignRequestSchema.validate({ name, templateName, templateLanguage, phones: chosen }).error;
    setError(invalid?.message);
    if (!invalid) create.mutate();
  };
  return (
    <Card withBorder padding="lg" data-testid="new-campaign">
      <Title order={5} mb="xs">
        New campaign
      </Title>
      <Stack gap="xs">
        <TextInput label="Campaign name" placeholder="Spring offer" value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="campaign-name" />
        <NativeSelect
          label="Template"
          description="Approved templates of the WhatsApp account"
          data={[{ value: '', label: approved.length ? 'Choose a template' : 'No approved template yet' }, ...approved.map((t) => ({ value: `${t.name}|${t.language}`, label: `${t.name} (${t.language})` }))]}
          value={template}
          onChange={(e) => setTemplate(e.currentTarget.value)}
          data-testid="campaign-template"
        />
        <Checkbox.Group label="Recipients" description="Leads who left a phone number" value={chosen} onChange={setChosen}>
          <Stack gap={4} mt={4} data-testid="campaign-recipients">
            {leads.isLoading && <Loader size="xs" />}
            {!leads.isLoading && !phones.length && (
              <Text size="sm" c="dimmed">
                No leads with a phone number yet.
              </Text>
            )}
            {phones.map((phone) => (
              <Checkbox key={phone} value={phone} label={phone} data-testid="campaign-recipient" />
            ))}
          </Stack>
        </Checkbox.Group>
        {error && (
          <Text c="red" size="sm" data-testid="campaign-error">
            {error}
          </Text>
        )}
        <Button onClick={submit} loading={create.isPending} data-testid="campaign-create">
          Create campaign
        </Button>
      </Stack>
    </Card>
  );
}

function CampaignRow({ campaign, onSend }: { campaign: Campaign; onSend: (c: Campaign) => void }) {
  return (
    <Table.Tr data-testid="campaign-row" data-campaign={campaign.name}>
      <Table.Td>{campaign.name}</Table.Td>
      <Table.Td>
        {campaign.templateName} ({campaign.templateLanguage})
      </Table.Td>
      <Table.Td>
        <Badge color={STATUS_COLORS[campaign.status]} variant="light" data-testid="campaign-status">
          {campaign.status}
        </Badge>
      </Table.Td>
      <Table.Td data-testid="campaign-counts">
        {campaign.sentCount} sent · {campaign.failedCount} failed · {campaign.recipients.length} recipients
      </Table.Td>
      <Table.Td>{new Date(campaign.createdAt).toLocaleString()}</Table.Td>
      <Table.Td>
        {campaign.status !== 'sent' && (
          <Button size="xs" onClick={() => onSend(campaign)} data-testid="campaign-send">
            {campaign.status === 'sending' ? 'Resume' : 'Send'}
          </Button>
        )}
      </Table.Td>
    </Table.Tr>
  );
}

function CampaignList({ region, agentId }: { region: Region; agentId: string }) {
  const { data, isLoading, error } = useCampaigns(region, agentId);
  const [confirming, setConfirming] = useState<Campaign>();
  const send = useMutation({
    mutationFn: (campaign: Campaign) => callApi(CAMPAIGNS_API.sendCampaign, { region, params: { agentId, campaignId: campaign.ID } }),
    onSuccess: (answer) => notify.success(answer.message),
    onError: (err: Error) => notify.error(err.message),
    onSettled: async () => {
      setConfirming(undefined);
      await queryClient.invalidateQueries({ queryKey: campaignsKey(region, agentId) });
    },
  });
  if (isLoading) return <Loader size="sm" />;
  if (error) return <Alert color="red">{`The campaigns could not be loaded: ${error.message}`}</Alert>;
  if (!data?.length) return <Text c="dimmed">No campaigns yet.</Text>;
  return (
    <>
      <Table striped withTableBorder data-testid="campaigns">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Name</Table.Th>
            <Table.Th>Template</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Messages</Table.Th>
            <Table.Th>Created</Table.Th>
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((campaign) => (
            <CampaignRow key={campaign.ID} campaign={campaign} onSend={setConfirming} />
          ))}
        </Table.Tbody>
      </Table>
      {confirming && (
        <ConfirmDialog title="Send campaign" confirmLabel="Send" loading={send.isPending} testId="campaign-confirm" confirmTestId="campaign-confirm-send" onConfirm={() => send.mutate(confirming)} onClose={() => setConfirming(undefined)}>
          <Text size="sm">
            Send the template {confirming.templateName} to {confirming.recipients.filter((r) => r.status === 'pending').length} recipients of “{confirming.name}” on WhatsApp? Each recipient gets it once.
          </Text>
        </ConfirmDialog>
      )}
    </>
  );
}

/**
 * The Campaigns page (the shell's /app/{region}/agents/{id}/campaigns and the client dashboard's
 * `campaigns` page, ADR 0043): WhatsApp template broadcasts to the agent's leads, sent from the
 * agent's connected number.
 */
export function CampaignsPage({ region, agentId }: { region: Region; agentId: string }) {
  const templates = useTemplates(region, agentId);
  return (
    <Stack data-testid="campaigns-page">
      <Stack gap={2}>
        <Title order={3}>Campaigns</Title>
        <Text size="sm" c="dimmed">
          Send an approved WhatsApp message template to leads who left their phone number.
        </Text>
      </Stack>
      {templates.error ? (
        <Alert variant="light" color={templates.error.message === CAMPAIGN_MESSAGES.noWhatsappNumber ? 'blue' : 'red'} icon={<IconInfoCircle size={18} />} data-testid="campaigns-unavailable">
          {templates.error.message}
        </Alert>
      ) : (
        <SimpleGrid cols={{ base: 1, md: 2 }}>
          <NewCampaignForm region={region} agentId={agentId} />
          <NewTemplateForm region={region} agentId={agentId} />
        </SimpleGrid>
      )}
      <CampaignList region={region} agentId={agentId} />
    </Stack>
  );
}
