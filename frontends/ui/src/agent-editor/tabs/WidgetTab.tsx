import { AGENT_THEMES, BUTTONS_LAYOUTS } from '@platform/contracts';
import { Group, SimpleGrid, Stack } from '../../mantine';
import { ImageUpload, ThemeEditor } from '../editor-slots';
import { FormSection, NumberField, SelectField, SwitchField, TextAreaField, TextField, useAgentForm, useField } from '../forms/fields';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';

const IMAGES = [
  { path: 'roundedImageURL', label: 'Round image' },
  { path: 'avatarImageURL', label: 'Avatar' },
  { path: 'rectangularImageURL', label: 'Rectangular image' },
  { path: 'headerImageURL', label: 'Header image' },
  { path: 'bannerImageURL', label: 'Banner image' },
  { path: 'chatBgURL', label: 'Chat background' },
] as const;

function ImageField({ path, label, agentId }: { path: string; label: string; agentId: string }) {
  const f = useField<string>(path);
  return (
    <Stack gap={6} data-testid={`image-field-${path}`}>
      <TextField path={path} label={label} placeholder="https://" />
      <ImageUpload agentId={agentId} value={f.value ?? ''} onChange={f.onChange} skeletonHeight={72} />
    </Stack>
  );
}

/** Widget (overview): what visitors see in the chat widget. */
export function WidgetTab({ agentId }: TabProps) {
  const { agent, set, options } = useAgentForm();
  return (
    <Stack gap="lg">
      <TabHeader title="Widget" description="Name, greeting and look of the chat widget" />
      <FormSection title="Agent" testId="widget-identity">
        <TextField path="title" label="Agent Name" required />
        <TextAreaField path="description" label="Description" minRows={2} />
        <TextAreaField path="proactiveMessage" label="Proactive message" description="Shown next to the closed widget to start a conversation" minRows={2} />
      </FormSection>
      <FormSection title="Appearance" cols={2}>
        <SelectField path="theme" label="Theme" data={AGENT_THEMES} />
        <SelectField path="buttonsLayout" label="Buttons layout" data={BUTTONS_LAYOUTS} clearable />
        <TextField path="fontFamily" label="Font family" placeholder="inherit" />
        <TextField path="branding" label="Branding text" placeholder="Powered by ..." />
      </FormSection>
      <FormSection title="Custom theme" description="Primary colour, generated palette and dark mode">
        {/* Agencies arrive with their own issue; until then every user gets the custom-* themes (spec 4.7). */}
        <ThemeEditor
          value={agent.customThemeJSONString ?? ''}
          ownerID={options.themeOwnerId}
          isAgencyUser={false}
          onChange={(json) => set('customThemeJSONString', json)}
          onAgentThemeChange={(theme) => set('theme', theme)}
          skeletonHeight={200}
        />
      </FormSection>
      <FormSection title="Images">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          {IMAGES.map((img) => (
            <ImageField key={img.path} path={img.path} label={img.label} agentId={agentId} />
          ))}
        </SimpleGrid>
      </FormSection>
      <FormSection title="Behaviour">
        <Group grow align="flex-start">
          <NumberField path="messageDelayMS" label="Message delay" suffix=" ms" min={0} step={100} />
          <NumberField path="delayBeforeSubmit" label="Delay before submit" suffix=" ms" min={0} step={100} />
        </Group>
        <SwitchField path="autoStartWidget" label="Open the widget automatically" />
        <SwitchField path="scrollAnimation" label="Scroll animation" />
      </FormSection>
    </Stack>
  );
}
