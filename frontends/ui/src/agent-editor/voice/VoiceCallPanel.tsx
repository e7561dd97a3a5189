import { useEffect, useRef, useState } from 'react';
import { AGENT_API, MESSAGES, newDocumentId, type Region } from '@platform/contracts';
import { Alert, Badge, Button, Group, IconPhone, IconPhoneOff, Paper, Stack, Text } from '../../mantine';
import { conversationsChanged } from '../../api/hooks';
import { streamChat } from '../../api/chat-stream';
import { type Agent } from '../../api/agent-api';
import { greetingsOf } from '../logic/greetings';
import { VoiceCall, browserRecognizer, browserSpeaker, type VoiceCallState, type VoiceTurn } from './voice-call';

const STATE_LABELS: Record<VoiceCallState, string> = {
  idle: 'Ready',
  listening: 'Listening…',
  thinking: 'Thinking…',
  speaking: 'Speaking…',
  ended: 'Call ended',
  failed: 'Call stopped',
};

/**
 * A test call in this browser: the person speaks, the agent's runtime answers (as the test chat
 * does, so the call shows in Chats) and the browser says the answer aloud.
 */
export function VoiceCallPanel({ agent, region }: { agent: Agent; region: Region }) {
  const [state, setState] = useState<VoiceCallState>('idle');
  const [turns, setTurns] = useState<readonly VoiceTurn[]>([]);
  const [problem, setProblem] = useState<string>();
  const call = useRef<VoiceCall>();
  useEffect(() => () => call.current?.end(), []);

  const inCall = state === 'listening' || state === 'thinking' || state === 'speaking';

  const start = () => {
    // Looked up at each start: the page may gain or lose speech support (permissions, extensions).
    const Recognizer = browserRecognizer();
    const speaker = browserSpeaker();
    if (!Recognizer || !speaker) return setProblem(MESSAGES.voiceCall.unsupported);
    let conversationId: string | undefined;
    setProblem(undefined);
    setTurns([]);
    call.current = new VoiceCall({
      recognizer: () => new Recognizer(),
      speaker,
      lang: agent.lang || navigator.language || 'en-US',
      ask: async (text) => {
        const answer = await streamChat(AGENT_API.sendTestMessage, { agentId: agent.ID, region, body: { conversationId, messageId: newDocumentId(), text }, onDelta: () => undefined });
        conversationId = answer.conversationId;
        void conversationsChanged(region, agent.ID);
        return answer.text;
      },
      onChange: (next, said, why) => {
        setState(next);
        setTurns(said);
        setProblem(why);
      },
    });
    void call.current.start(greetingsOf(agent)[0]);
  };

  return (
    <Stack gap="sm" data-testid="voice-call">
      <Group justify="space-between">
        <Badge variant="light" color={inCall ? 'teal' : 'gray'} data-testid="voice-call-state">
          {STATE_LABELS[state]}
        </Badge>
        {inCall ? (
          <Button color="red" leftSection={<IconPhoneOff size={16} />} onClick={() => call.current?.end()}>
            End call
          </Button>
        ) : (
          <Button leftSection={<IconPhone size={16} />} onClick={start}>
            Start test call
          </Button>
        )}
      </Group>
      {problem && (
        <Alert color="red" variant="light" role="alert">
          {problem}
        </Alert>
      )}
      {turns.length > 0 && (
        <Paper withBorder p="sm" radius="md">
          <Stack gap={4} data-testid="voice-call-transcript">
            {turns.map((turn, i) => (
              <Text key={i} size="sm" c={turn.from === 'agent' ? undefined : 'dimmed'}>
                <b>{turn.from === 'agent' ? agent.title || 'Agent' : 'You'}:</b> {turn.text}
              </Text>
            ))}
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}
