import { Badge, Card, Group, SimpleGrid, Stack, Text, UnstyledButton } from '../../mantine';
import { PhoneNumbersPanel } from '../../twilio/PhoneNumbersPanel';
import { FormSection, NumberField, SelectField, SwitchField, TextField, useAgentForm, useField } from '../forms/fields';
import { VoiceCallPanel } from '../voice/VoiceCallPanel';
import type { TabProps } from './TabContent';
import { SubTabs, TabHeader } from './TabHeader';

/** Voices of the default speech provider (deepgram Aura). */
export const VOICE_LIBRARY = [
  { id: 'asteria', name: 'Asteria', desc: 'Warm, American, female' },
  { id: 'luna', name: 'Luna', desc: 'Friendly, American, female' },
  { id: 'stella', name: 'Stella', desc: 'Clear, American, female' },
  { id: 'athena', name: 'Athena', desc: 'Calm, British, female' },
  { id: 'hera', name: 'Hera', desc: 'Smooth, American, female' },
  { id: 'orion', name: 'Orion', desc: 'Approachable, American, male' },
  { id: 'arcas', name: 'Arcas', desc: 'Natural, American, male' },
  { id: 'perseus', name: 'Perseus', desc: 'Confident, American, male' },
  { id: 'angus', name: 'Angus', desc: 'Irish, male' },
  { id: 'orpheus', name: 'Orpheus', desc: 'Trustworthy, American, male' },
  { id: 'helios', name: 'Helios', desc: 'British, male' },
  { id: 'zeus', name: 'Zeus', desc: 'Deep, American, male' },
];
const SPEECH_PROVIDERS = ['deepgram', 'elevenlabs', 'openai', 'azure', 'playht'];
const TRANSCRIBERS = ['deepgram', 'assemblyai', 'openai', 'azure'];
const TRANSCRIBER_MODELS = ['nova-2', 'nova-2-general', 'nova-2-phonecall', 'nova-3', 'whisper-1'];
const LANGUAGES = ['en', 'en-US', 'en-GB', 'de', 'fr', 'es', 'it', 'nl', 'pt', 'pl', 'sv', 'da', 'fi', 'ja', 'ko', 'zh', 'hi', 'ru', 'tr', 'multi'];
const BACKGROUND_NOISES = ['restaurant', 'office', 'off'];

function VoiceLibrary() {
  const voice = useField<string>('voiceConfig.speechGen.voiceId');
  const { update } = useAgentForm();
  const choose = (id: string) =>
    update((a) => ({ ...a, voiceConfig: { ...a.voiceConfig, speechGen: { ...a.voiceConfig?.speechGen, provider: a.voiceConfig?.speechGen?.provider ?? 'deepgram', voiceId: id } } }));
  return (
    <FormSection title="Voice Library" description="The voice the agent speaks with">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }}>
        {VOICE_LIBRARY.map((v) => (
          <UnstyledButton key={v.id} onClick={() => choose(v.id)} aria-pressed={voice.value === v.id}>
            <Card withBorder padding="sm" className="voice-card" data-selected={voice.value === v.id || undefined}>
              <Group justify="space-between">
                <Text fw={600}>{v.name}</Text>
                {voice.value === v.id && <Badge size="xs">Selected</Badge>}
              </Group>
              <Text size="xs" c="dimmed">
                {v.desc}
              </Text>
            </Card>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </FormSection>
  );
}

/** Voice, with sub-tabs by ?tab= (voiceLibrary, speechGen, transcriber, phoneNumbers, testCall, advanced). */
export function VoiceTab({ region, subTab, onSubTab }: TabProps) {
  const webCalling = useField<boolean>('voiceConfig.config.enableWebCalling');
  const { agent, options } = useAgentForm();
  return (
    <Stack gap="lg">
      <TabHeader title="Voice" description="Let people talk to the agent on the web and on the phone" />
      <SubTabs section="voice" value={subTab} onChange={onSubTab} />
      {subTab === 'voiceLibrary' && <VoiceLibrary />}
      {subTab === 'speechGen' && (
        <FormSection title="Speech Generation" cols={2}>
          <SelectField path="voiceConfig.speechGen.provider" label="Provider" data={SPEECH_PROVIDERS} />
          <TextField path="voiceConfig.speechGen.voiceId" label="Voice ID" />
        </FormSection>
      )}
      {subTab === 'transcriber' && (
        <FormSection title="Transcriber" cols={2}>
          <SelectField path="voiceConfig.transcriber.provider" label="Provider" data={TRANSCRIBERS} />
          <SelectField path="voiceConfig.transcriber.modelId" label="Model" data={TRANSCRIBER_MODELS} />
          <SelectField path="voiceConfig.transcriber.language" label="Language" data={LANGUAGES} />
          <NumberField path="voiceConfig.transcriber.utteranceThreshold" label="Utterance threshold" suffix=" ms" min={0} step={10} description="Silence that ends the caller's turn" />
        </FormSection>
      )}
      {subTab === 'phoneNumbers' && (
        <FormSection title="Phone Numbers" description="Connect the agent to a phone number so people can call it">
          {options.client ? (
            <Text size="sm" c="dimmed">
              Your agency manages the agent's phone numbers.
            </Text>
          ) : (
            <PhoneNumbersPanel region={region} workspaceId={String(agent.ownerID ?? '')} agentId={agent.ID} />
          )}
        </FormSection>
      )}
      {subTab === 'testCall' && (
        <FormSection title="Test Call" description="Call the agent from this browser">
          <SwitchField path="voiceConfig.config.enableWebCalling" label="Enable web calling" />
          {webCalling.value ? (
            <VoiceCallPanel agent={agent} region={region} />
          ) : (
            <Text size="sm" c="dimmed">
              Turn on web calling to talk to the agent from this browser.
            </Text>
          )}
        </FormSection>
      )}
      {subTab === 'advanced' && (
        <>
          <FormSection title="Call settings" cols={2}>
            <SwitchField path="voiceConfig.config.recordAudio" label="Record audio" />
            <SelectField path="voiceConfig.config.backgroundNoise" label="Background noise" data={BACKGROUND_NOISES} />
          </FormSection>
          <FormSection title="Voice on the web" cols={2}>
            <SwitchField path="vapiConfig.enableVapiOnWeb" label="Voice on the website widget" />
            <SwitchField path="vapiConfig.overrideWithVG" label="Use the agent's own prompt for calls" />
            <SwitchField path="vapiConfig.promptOnWeb" label="Ask visitors before starting voice" />
            <span />
            <NumberField path="vapiConfig.maxCostMonthly" label="Maximum cost per month" suffix=" $" min={0} />
            <NumberField path="vapiConfig.maxMinutesMonthly" label="Maximum minutes per month" min={0} />
          </FormSection>
          <FormSection title="Voice prompt texts" cols={3}>
            <TextField path="ui.voice.question" label="Question" placeholder="Would you like to talk?" />
            <TextField path="ui.voice.continueBtnLabel" label="Continue button" placeholder="Yes" />
            <TextField path="ui.voice.dismissBtnLabel" label="Dismiss button" placeholder="No thanks" />
          </FormSection>
        </>
      )}
    </Stack>
  );
}
