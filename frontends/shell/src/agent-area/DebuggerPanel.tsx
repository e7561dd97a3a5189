import { useEffect, useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { AGENT_API, CHAT_MESSAGE_MAX, LAYOUT_PX, newDocumentId, type KnowledgeChunkHit, type Region } from '@platform/contracts';
import { ActionIcon, ApiError, Group, IconX, Paper, ScrollArea, Stack, Text, TextInput, conversationsChanged, streamChat, type Agent, greetingsOf } from '@platform/ui';

interface Message {
  from: 'agent' | 'user' | 'error';
  text: string;
  /** the knowledge chunks the answer was grounded in */
  sources?: KnowledgeChunkHit[];
}

const MIN_WIDTH = 320;
const MAX_WIDTH = 900;

/**
 * The mini-chat test panel (450 px, resizable) shown when the debugger is on: the agent's
 * runtime answers for real (streamed), as the saved agent; the conversation shows in Chats.
 */
export function DebuggerPanel({ agent, region, onClose }: { agent: Agent; region: Region; onClose: () => void }) {
  const [width, setWidth] = useState<number>(LAYOUT_PX.miniChatWidth);
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<Message[]>([]);
  const [busy, setBusy] = useState(false);
  const conversationId = useRef<string | undefined>();
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setWidth(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, drag.current.width + drag.current.x - e.clientX)));
  };
  const setLast = (update: (last: Message) => Message) => setMessages((m) => [...m.slice(0, -1), update(m[m.length - 1]!)]);
  const send = async () => {
    const text = draft.trim();
    if (!text || busy) return;
    setBusy(true);
    setDraft('');
    setMessages((m) => [...m, { from: 'user', text }, { from: 'agent', text: '' }]);
    try {
      const answer = await streamChat(AGENT_API.sendTestMessage, {
        agentId: agent.ID,
        region,
        body: { conversationId: conversationId.current, messageId: newDocumentId(), text },
        onDelta: (piece) => setLast((last) => ({ ...last, text: last.text + piece })),
      });
      conversationId.current = answer.conversationId;
      setLast(() => ({ from: 'agent', text: answer.text, sources: answer.sources }));
      void conversationsChanged(region, agent.ID);
    } catch (error) {
      setLast(() => ({ from: 'error', text: error instanceof ApiError ? error.message : 'The agent could not answer.' }));
    } finally {
      setBusy(false);
    }
  };
  const greetings = useGreetings(greetingsOf(agent), agent.messageDelayMS);

  return (
    <aside className="debugger-panel" style={{ width }} data-testid="debugger-panel" aria-label="Test chat">
      <div className="debugger-panel__handle" onPointerDown={onPointerDown} onPointerMove={onPointerMove} onPointerUp={() => (drag.current = null)} role="separator" aria-orientation="vertical" aria-label="Resize test chat" />
      <Group justify="space-between" p="sm" className="debugger-panel__header">
        <div>
          <Text fw={600} size="sm">
            Test your agent
          </Text>
          <Text size="xs" c="dimmed" truncate maw={width - 80}>
            {agent.title || agent.ID}
          </Text>
        </div>
        <ActionIcon variant="subtle" color="gray" onClick={onClose} aria-label="Close test chat">
          <IconX size={16} />
        </ActionIcon>
      </Group>
      <ScrollArea style={{ flex: 1 }} p="sm">
        <Stack gap="xs">
          {greetings.map((greeting, i) => (
            <Bubble key={`greeting-${i}`} from="agent" text={greeting} />
          ))}
          {messages.map((m, i) => (
            <Bubble key={i} {...m} />
          ))}
        </Stack>
      </ScrollArea>
      <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
        <Text size="xs" c="dimmed" mb={4}>
          Answers come from the published agent; publish to test your changes.
        </Text>
        <TextInput placeholder="Type a message and press Enter" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && void send()} disabled={busy} maxLength={CHAT_MESSAGE_MAX} aria-label="Test message" />
      </div>
    </aside>
  );
}

/** The greetings one after the other, messageDelayMS apart, as the widget shows them. */
export function useGreetings(all: string[], delayMs: number | undefined): string[] {
  const [shown, setShown] = useState(delayMs ? Math.min(1, all.length) : all.length);
  const key = all.join('\u0000');
  useEffect(() => {
    setShown(delayMs ? Math.min(1, all.length) : all.length);
    if (!delayMs || all.length < 2) return;
    let count = 1;
    const timer = setInterval(() => {
      count += 1;
      setShown(count);
      if (count >= all.length) clearInterval(timer);
    }, delayMs);
    return () => clearInterval(timer);
  }, [key, delayMs]); // eslint-disable-line react-hooks/exhaustive-deps
  return all.slice(0, shown);
}

function Bubble({ from, text, sources }: Message) {
  if (from === 'error') {
    return (
      <Text size="xs" c="red" ta="center" role="alert">
        {text}
      </Text>
    );
  }
  return (
    <Paper
      p="xs"
      radius="md"
      maw="85%"
      style={{ alignSelf: from === 'user' ? 'flex-end' : 'flex-start' }}
      bg={from === 'user' ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-hover)'}
      c={from === 'user' ? 'white' : undefined}
    >
      <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid={from === 'agent' ? 'test-chat-answer' : undefined}>
        {text || '…'}
      </Text>
      {sources?.length ? (
        <Text size="xs" c="dimmed" mt={4} data-testid="test-chat-sources">
          From: {[...new Set(sources.map((source) => source.name))].join(' · ')}
        </Text>
      ) : null}
    </Paper>
  );
}
