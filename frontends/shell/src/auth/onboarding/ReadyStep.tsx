import { useState } from 'react';
import { CONNECTABLE_CHANNEL_TYPES, type ChannelType, type Region } from '@platform/contracts';
import { Button, Code, CopyButton, Group, SegmentedControl, SimpleGrid, Stack, Text, type Agent, CHANNEL_LABELS, VoiceCallPanel } from '@platform/ui';
import { DebuggerPanel } from '../../agent-area/DebuggerPanel';
import { embedSnippets } from '../../agent-area/logic/embed-snippets';
import '../../agent-area/agent-area.css';

type Option = 'test' | 'voice' | 'script' | 'integrations';

/** Step 3: the agent is ready; test it for real (text or voice), copy the code that puts it on the website, or go connect a channel. */
export function ReadyStep(props: {
  agent: Agent;
  region: Region;
  finishing: boolean;
  onBack: () => void;
  onContinue: () => void;
  onSkip?: () => void;
  onExplore: (channel: ChannelType) => void;
}) {
  const [option, setOption] = useState<Option>('test');
  return (
    <Stack>
      <Text>
        <b>{props.agent.title}</b> is ready, in your brand and with what your website says.
      </Text>
      <SegmentedControl
        value={option}
        onChange={(value) => setOption(value as Option)}
        data={[
          { value: 'test', label: 'Test Text Agent' },
          { value: 'voice', label: 'Try Voice' },
          { value: 'script', label: 'Add to your website' },
          { value: 'integrations', label: 'Explore Integration Options' },
        ]}
      />
      {option === 'test' && (
        <div className="onboarding-chat" style={{ height: 420, display: 'flex' }}>
          <DebuggerPanel agent={props.agent} region={props.region} onClose={() => setOption('script')} />
        </div>
      )}
      {option === 'voice' && <VoiceCallPanel agent={props.agent} region={props.region} />}
      {option === 'integrations' && (
        <Stack gap="sm" data-testid="integration-options">
          <Text size="sm" c="dimmed">
            Let the agent answer where your customers already write to you.
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            {CONNECTABLE_CHANNEL_TYPES.map((channel) => (
              <Button key={channel} variant="default" onClick={() => props.onExplore(channel)} disabled={props.finishing}>
                Connect {CHANNEL_LABELS[channel]}
              </Button>
            ))}
          </SimpleGrid>
        </Stack>
      )}
      {option === 'script' && (
        <Stack gap="sm">
          {embedSnippets(window.location.origin, props.region, props.agent.ID).map((snippet) => (
            <Stack key={snippet.key} gap={4} data-testid={`snippet-${snippet.key}`}>
              <Group justify="space-between">
                <Text fw={600} size="sm">
                  {snippet.title}
                </Text>
                <CopyButton value={snippet.code}>
                  {({ copied, copy }) => (
                    <Button size="xs" variant="default" onClick={copy}>
                      {copied ? 'Copied' : 'Copy'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
              <Text size="xs" c="dimmed">
                {snippet.description}
              </Text>
              <Code block>{snippet.code}</Code>
            </Stack>
          ))}
        </Stack>
      )}
      <Group justify="space-between">
        <Button variant="default" onClick={props.onBack}>
          Back to Branding
        </Button>
        <Group>
          {props.onSkip && (
            <Button variant="subtle" onClick={props.onSkip} disabled={props.finishing}>
              Skip & Go to Dashboard
            </Button>
          )}
          <Button onClick={props.onContinue} loading={props.finishing}>
            Continue to Dashboard
          </Button>
        </Group>
      </Group>
    </Stack>
  );
}
