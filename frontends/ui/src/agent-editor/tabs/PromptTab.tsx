import { Box, Group, Slider, Stack, Text } from '../../mantine';
import { FormSection, NumberField, SelectField, SwitchField, TagsField, TextAreaField, useField } from '../forms/fields';
import type { TabProps } from './TabContent';
import { TabHeader } from './TabHeader';

export const LLM_MODELS = ['gpt-4o', 'gpt-4o-mini', 'gpt-4.1', 'gpt-4.1-mini', 'o3-mini', 'claude-3-5-sonnet', 'claude-3-5-haiku', 'gemini-1.5-pro', 'gemini-1.5-flash'];

function TemperatureField() {
  const f = useField<number>('vg_temperature');
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Temperature
      </Text>
      <Group gap="md" align="center">
        <Slider style={{ flex: 1 }} min={0} max={2} step={0.1} value={f.value ?? 0.5} onChange={(v) => f.onChange(Math.round(v * 10) / 10)} label={(v) => v.toFixed(1)} aria-label="Temperature" />
        <Box w={96}>
          <NumberField path="vg_temperature" label="" min={0} max={2} step={0.1} />
        </Box>
      </Group>
      {f.error && (
        <Text size="xs" c="red">
          {f.error}
        </Text>
      )}
    </Stack>
  );
}

/** Prompt (basic view): the LLM fields. */
export function PromptTab({ region, agentId, enableNodes }: TabProps) {
  return (
    <Stack gap="lg">
      <TabHeader title="Prompt" description="What the agent knows about its job, and the model that answers" viewSwitch={{ section: 'nodes', region, agentId, enableNodes }} />
      <FormSection title="Instructions" testId="prompt-instructions">
        <TextAreaField path="vg_systemPrompt" label="System prompt" description="Who the agent is and how it behaves" minRows={6} />
        <TextAreaField path="vg_initPrompt" label="Init prompt" description="How the agent opens a conversation" minRows={3} />
        <TextAreaField path="vg_prompt" label="Additional prompt" minRows={3} />
        <TagsField path="vg_initMessages" label="Initial messages" description="Sent when a conversation starts; press Enter after each" placeholder="Add a message" />
      </FormSection>
      <FormSection title="Model" cols={2}>
        <SelectField path="vg_defaultModel" label="Model" data={LLM_MODELS} />
        <NumberField path="vg_maxTokens" label="Max tokens" min={1} step={64} />
        <TemperatureField />
        <NumberField path="ifKnowsThreshold" label="Knowledge confidence threshold" min={0} step={0.05} />
        <SwitchField path="vg_enableUIEngine" label="UI engine (buttons and cards in answers)" />
        <SwitchField path="vg_enableAboutContext" label="Add the page context to the prompt" />
      </FormSection>
    </Stack>
  );
}
