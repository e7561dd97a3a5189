import { useRef, useState, type PointerEvent as ReactPointerEvent } from 'react';
import { LAYOUT_PX } from '@platform/contracts';
import { ActionIcon, Group, IconX, Paper, ScrollArea, Stack, Text, TextInput, type Agent } from '@platform/ui';

interface Message {
  from: 'agent' | 'user';
  text: string;
}

const MIN_WIDTH = 320;
const MAX_WIDTH = 900;

/**
 * The mini-chat test panel (450 px, resizable) shown when the debugger is on. The chat runtime
 * is a separate service; until it answers here the panel shows the agent's greeting and echoes
 * what would be sent.
 */
export function DebuggerPanel({ agent, onClose }: { agent: Agent; onClose: () => void }) {
  const [width, setWidth] = useState<number>(LAYOUT_PX.miniChatWidth);
  const [draft, setDraft] = useState('');
  const [messages, setMessages] = useState<Message[]>([]);
  const drag = useRef<{ x: number; width: number } | null>(null);

  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    drag.current = { x: e.clientX, width };
    e.currentTarget.setPointerCapture(e.pointerId);
  };
  const onPointerMove = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    setWidth(Math.min(MAX_WIDTH, Math.max(MIN_WIDTH, drag.current.width + drag.current.x - e.clientX)));
  };
  const send = () => {
    const text = draft.trim();
    if (!text) return;
    setMessages((m) => [...m, { from: 'user', text }, { from: 'agent', text: 'The test chat connects to the agent runtime once it is deployed in this environment.' }]);
    setDraft('');
  };
  const greeting = agent.proactiveMessage || agent.vg_initMessages?.[0];

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
          {greeting && <Bubble from="agent" text={greeting} />}
          {messages.map((m, i) => (
            <Bubble key={i} from={m.from} text={m.text} />
          ))}
        </Stack>
      </ScrollArea>
      <div style={{ padding: 'var(--mantine-spacing-sm)' }}>
        <TextInput placeholder="Type a message and press Enter" value={draft} onChange={(e) => setDraft(e.currentTarget.value)} onKeyDown={(e) => e.key === 'Enter' && send()} aria-label="Test message" />
      </div>
    </aside>
  );
}

function Bubble({ from, text }: Message) {
  return (
    <Paper
      p="xs"
      radius="md"
      maw="85%"
      style={{ alignSelf: from === 'user' ? 'flex-end' : 'flex-start' }}
      bg={from === 'user' ? 'var(--mantine-primary-color-filled)' : 'var(--mantine-color-default-hover)'}
      c={from === 'user' ? 'white' : undefined}
    >
      <Text size="sm">{text}</Text>
    </Paper>
  );
}
