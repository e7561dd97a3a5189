import { MESSAGES, whatsappLegacyChannelRequestSchema, whatsappWebhookUrl, type Region } from '@platform/contracts';
import { Badge, Button, CopyButton, Group, Text, TextInput } from '../../../mantine';
import { useSaveAgentChannel } from '../../../api/hooks';
import { notify } from '../../../notices/notify';
import { TextField, useAgentForm } from '../../forms/fields';
import { track } from '../../logic/analytics';

const messages = MESSAGES.channels;
const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : messages.unexpectedError);

/**
 * WhatsApp's Legacy Method (Deprecated): the webhook a person enters in their Meta app (Meta's
 * handshake with the agent id then sets waVerifyPassed), and the token, number id and business id
 * saved on the agent (agents-channels-domains §7: POST /v2/agents/{id} with those fields only),
 * 'Whatsapp channel saved successfully' or 'Error occurred: {error}'.
 */
export function WhatsappLegacyMethod({ region, agentId }: { region: Region; agentId: string }) {
  const { agent } = useAgentForm();
  const save = useSaveAgentChannel();

  const onSave = async () => {
    const fields = {
      whatsappToken: agent.whatsappToken ?? '',
      whatsappNumberId: agent.whatsappNumberId ?? '',
      whatsappBusniessId: agent.whatsappBusniessId ?? '',
      ...(agent.waTestNumber ? { waTestNumber: agent.waTestNumber } : {}),
      ...(agent.vapi ? { vapi: agent.vapi } : {}),
    };
    const { error: invalid, value } = whatsappLegacyChannelRequestSchema.validate(fields, { errors: { wrap: { label: false } } });
    if (invalid) return void notify.error(messages.errorOccurred(invalid.message));
    try {
      await save.mutateAsync({ region, agentId, fields: value });
      notify.success(messages.whatsappSaved);
      track('whatsapp_channel_added', { agentId });
    } catch (error) {
      notify.error(messages.errorOccurred(errorText(error)));
    }
  };

  return (
    <>
      <Group gap="xs">
        <Text size="sm">Webhook verification:</Text>
        <Badge color={agent.waVerifyPassed ? 'teal' : 'gray'} variant="light" data-testid="whatsapp-legacy-verified">
          {agent.waVerifyPassed ? 'Verified' : 'Not verified'}
        </Badge>
      </Group>
      <LegacyWebhookFields region={region} agentId={agentId} />
      <TextField path="whatsappToken" label="Access token" />
      <Group grow align="flex-start">
        <TextField path="whatsappNumberId" label="Phone number ID" />
        <TextField path="whatsappBusniessId" label="Business account ID" />
      </Group>
      <TextField path="waTestNumber" label="Test number" placeholder="+15551234567" />
      <Group justify="flex-end">
        <Button onClick={onSave} loading={save.isPending} data-testid="whatsapp-legacy-save">
          Save
        </Button>
      </Group>
    </>
  );
}

/** What the person enters in their Meta app's WhatsApp webhook settings; Meta's handshake then marks it verified. */
function LegacyWebhookFields({ region, agentId }: { region: Region; agentId: string }) {
  const fields = [
    { label: 'Callback URL', value: whatsappWebhookUrl(`${window.location.origin}/api`, region, agentId) },
    { label: 'Verify token', value: agentId },
  ];
  return (
    <Group grow align="flex-end">
      {fields.map((field) => (
        <Group key={field.label} gap="xs" align="flex-end" wrap="nowrap">
          <TextInput label={field.label} value={field.value} readOnly style={{ flex: 1 }} />
          <CopyButton value={field.value}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy} aria-label={`Copy ${field.label}`}>
                {copied ? 'Copied' : 'Copy'}
              </Button>
            )}
          </CopyButton>
        </Group>
      ))}
    </Group>
  );
}
