import { AGENT_SETTINGS_PLATFORMS, AGENT_THEMES, BUTTONS_LAYOUTS, type Region } from '@platform/contracts';
import { Group, Stack, TextInput } from '../../mantine';
import { NOTICES } from '../../notices/catalog';
import { notify } from '../../notices/notify';
import { useRotateAgentSecretKey, useTranslateLanguages } from '../../api/hooks';
import { SecretActions } from '../../components/SecretActions';
import { CssEditor } from '../editor-slots';
import { FormSection, NumberField, SelectField, SwitchField, TextAreaField, TextField, useAgentForm, useField } from '../forms/fields';
import type { TabProps } from './TabContent';
import { SubTabs, TabHeader } from './TabHeader';

/** A language select fed by the platform's language list; the stored code shows while it loads. */
function LanguageField({ path, label, clearable }: { path: string; label: string; clearable?: boolean }) {
  const languages = useTranslateLanguages();
  const current = useField<string>(path).value;
  const data = languages.data ?? (current ? [{ value: current, label: current }] : []);
  return <SelectField path={path} label={label} data={data} clearable={clearable} searchable />;
}

/** What regenerating does, said before it is done. */
export const REGENERATE_AGENT_KEY_WARNING = 'The current key stops working at once. Servers that call the platform with it must be given the new one.';

/** The agent's secret key, with Copy and Regenerate: the server issues the new key at once, after a confirmation. */
function SecretKeyField({ region, agentId }: { region: Region; agentId: string }) {
  const key = useField<string>('SECRET_API_KEY');
  const rotate = useRotateAgentSecretKey();
  const regenerate = () =>
    rotate.mutateAsync({ region, agentId }).then(
      (answer) => {
        key.onChange(answer.data.SECRET_API_KEY);
        notify.success(NOTICES.agent.secretKeyRegenerated);
      },
      (error: unknown) => {
        notify.error(NOTICES.agent.secretKeyRegenerateFailed);
        throw error;
      },
    );
  return (
    <Group align="flex-end" gap="xs">
      <TextInput label="Secret API key" description="Authorises server calls for this agent" value={key.value ?? ''} readOnly style={{ flex: 1 }} error={key.error} data-testid="agent-secret-key" />
      <SecretActions
        value={key.value ?? ''}
        confirmTitle="Regenerate the secret key?"
        warning={REGENERATE_AGENT_KEY_WARNING}
        testId="confirm-regenerate-agent-key"
        onRegenerate={regenerate}
      />
    </Group>
  );
}

function AdvancedCss({ agentId }: { agentId: string }) {
  const { agent, set } = useAgentForm();
  return (
    <FormSection title="Custom CSS" description="Styles applied inside the chat widget">
      <CssEditor
        agentId={agentId}
        value={agent.ADVANCED_customCSS ?? ''}
        onChange={(css) => set('ADVANCED_customCSS', css)}
        height={500}
        skeletonHeight={500}
      />
    </FormSection>
  );
}

/** Settings, with sub-tabs by ?tab= (core, ui, language, security, notifications, handoff, technical, analytics, advanced, integrations). */
export function SettingsTab({ region, agentId, subTab: requested, onSubTab }: TabProps) {
  const translate = useField<boolean>('enableAITranslate');
  const { client } = useAgentForm().options;
  const hidden = client?.hideAdvancedSettings ? ['advanced'] : [];
  const subTab = requested && hidden.includes(requested) ? 'core' : requested;
  return (
    <Stack gap="lg">
      <TabHeader title="Settings" description="Everything else about this agent" />
      <SubTabs section="settings" value={subTab} onChange={onSubTab} hidden={hidden} />
      {subTab === 'core' && (
        <FormSection title="Core" testId="settings-core">
          <TextField path="title" label="Agent Name" required />
          <TextAreaField path="description" label="Description" minRows={2} />
          <Group grow align="flex-start">
            <SelectField path="agentPlatform" label="Platform" data={AGENT_SETTINGS_PLATFORMS} disabled />
            <TextInput label="Agent ID" value={agentId} readOnly />
          </Group>
          <SwitchField path="starred" label="Starred" />
          <SwitchField path="isDeployed" label="Deployed" description="Marks the agent as live on your website" />
        </FormSection>
      )}
      {subTab === 'ui' && (
        <FormSection title="UI" cols={2} testId="settings-ui">
          <SelectField path="theme" label="Theme" data={AGENT_THEMES} />
          <SelectField path="buttonsLayout" label="Buttons layout" data={BUTTONS_LAYOUTS} clearable />
          <TextField path="fontFamily" label="Font family" placeholder="inherit" />
          <SelectField path="ui.widgetType" label="Widget type" data={['default', 'tabs']} clearable />
          <SwitchField path="disableSmoothScroll" label="Disable smooth scrolling" />
          <SwitchField path="scrollAnimation" label="Scroll animation" />
          <SwitchField path="ui.enableFixedFeedbackBtns" label="Always show feedback buttons" />
        </FormSection>
      )}
      {subTab === 'language' && (
        <FormSection title="Language" testId="settings-language">
          <LanguageField path="lang" label="Language" />
          <SwitchField path="enableAITranslate" label="Translate answers with AI" />
          {translate.value && <LanguageField path="AITranslateTo" label="Translate to" clearable />}
          <SwitchField path="translateUserResponse" label="Translate the visitor's messages too" />
          <SwitchField path="enableAudioSupport" label="Read answers aloud" />
        </FormSection>
      )}
      {subTab === 'security' && (
        <FormSection title="Security" testId="settings-security">
          {!client && <SecretKeyField region={region} agentId={agentId} />}
          <SwitchField path="syncBrowser" label="Sync the conversation across browser tabs" />
          <SwitchField path="listenForUrlChanges" label="Follow page changes of single-page websites" />
          <SwitchField path="vfSettings.enableIgnoreUrlPaths" label="Hide the widget on ignored URL paths" />
        </FormSection>
      )}
      {subTab === 'notifications' && (
        <FormSection title="Notifications" testId="settings-notifications">
          <TextAreaField path="proactiveMessage" label="Proactive message" minRows={2} />
          <SwitchField path="autoStartWidget" label="Open the widget with the proactive message" />
          <SwitchField path="disableNoReplyListener" label="No reminder when the visitor stops replying" />
        </FormSection>
      )}
      {subTab === 'handoff' && (
        <FormSection title="Handoff" description="Pass the conversation to a person" testId="settings-handoff">
          <SwitchField path="enableHumanHandoff" label="Enable human handoff" />
          <SwitchField path="alwaysShowHandoff" label="Always show the handoff button" />
          <SwitchField path="manualControl" label="Manual control (agents take over chats)" />
          <SwitchField path="enableVGHandoff" label="Handoff inside the platform inbox" />
          <SwitchField path="fixedHandoffPopup" label="Fixed handoff popup" />
          <SwitchField path="showHandoffEvenIfOffline" label="Offer handoff when nobody is online" />
          <Group grow align="flex-start">
            <TextField path="UIhandoffTitle" label="Handoff title" placeholder="Talk to a human" />
            <TextField path="UIhandoffSubtitle" label="Handoff subtitle" placeholder="We usually reply within minutes" />
          </Group>
        </FormSection>
      )}
      {subTab === 'technical' && (
        <FormSection title="Technical" cols={2} testId="settings-technical">
          <NumberField path="vgOptions.maxChunkSize" label="Max chunk size" min={1000} step={100} />
          <NumberField path="messageDelayMS" label="Message delay" suffix=" ms" min={0} step={100} />
          <SelectField path="internal.websocketServer" label="Realtime server" data={['nodejs', 'python']} clearable />
          <NumberField path="maxTokensUsage" label="Token limit" min={0} description="0 for no limit" />
          <SwitchField path="acceptFileUpload" label="Visitors can upload files" />
          <SwitchField path="enableQuickFileUpload" label="Quick upload button" />
        </FormSection>
      )}
      {subTab === 'analytics' && (
        <FormSection title="Analytics" testId="settings-analytics">
          <SwitchField path="enableGeoAnalytics" label="Geo analytics" />
          <SwitchField path="recordChatHistory" label="Record chat history" />
        </FormSection>
      )}
      {subTab === 'advanced' && (
        <>
          <AdvancedCss agentId={agentId} />
          <FormSection title="Custom buttons" testId="settings-advanced">
            <TextAreaField path="customButtonJSON_STRING" label="Custom buttons (JSON)" minRows={3} placeholder='[{"label": "Pricing", "url": "https://..."}]' />
          </FormSection>
        </>
      )}
      {subTab === 'integrations' && (
        <>
          <FormSection title="Flowise" cols={2} testId="settings-integrations">
            <TextField path="flowise.webhookUrl" label="Webhook URL" placeholder="https://" />
            <TextField path="flowise.webhookSecret" label="Webhook secret" />
          </FormSection>
          <FormSection title="Dialogue platform" cols={2}>
            <TextField path="vfApiKey" label="API key" />
            <TextField path="vfProjectId" label="Project ID" />
          </FormSection>
        </>
      )}
    </Stack>
  );
}
