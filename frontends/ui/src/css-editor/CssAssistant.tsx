import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import type { AiCssRequest, AiCssResult } from '@platform/contracts';
import {
  ActionIcon,
  Badge,
  Box,
  Button,
  Code,
  Group,
  Kbd,
  Loader,
  Paper,
  Popover,
  ScrollArea,
  Stack,
  Text,
  Textarea,
  Tooltip,
} from '@mantine/core';
import { IconRefresh, IconSparkles } from '@tabler/icons-react';
import { notify } from '../notices/notify';
import { CHAT_ROWS, CSS_MESSAGES, buildRequest, canSend, generationOutcome, isSendShortcut, manualInsertion, messageParts, type ChatMessage } from './css-assistant';

export interface CssAssistantProps {
  /** the editor's CSS, sent as currentCSS */
  currentCSS: string;
  /** puts CSS into the editor */
  onInsert: (css: string) => void;
  /** sends the request (POST /api/ai-css-generator) */
  generate: (body: AiCssRequest) => Promise<AiCssResult>;
  agentID?: string;
  userData?: AiCssRequest['userData'];
  bucket?: string;
  disabled?: boolean;
  /** opens the popover at first render (previews) */
  defaultOpened?: boolean;
  /** the conversation at first render (previews) */
  initialConversation?: ChatMessage[];
}

const isMac = () => typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform || navigator.userAgent);

function MessageBubble({ message, onInsert }: { message: ChatMessage; onInsert: (message: ChatMessage) => void }) {
  const mine = message.role === 'user';
  return (
    <Box style={{ alignSelf: mine ? 'flex-end' : 'flex-start', maxWidth: '92%' }} data-testid={`css-chat-${message.role}`}>
      <Paper
        radius="md"
        px="sm"
        py={6}
        bg={mine ? 'var(--mantine-primary-color-light)' : message.failed ? 'var(--mantine-color-red-light)' : 'var(--mantine-color-default-hover)'}
      >
        <Stack gap={4}>
          {messageParts(message.content).map((part, i) =>
            part.kind === 'code' ? (
              <Code key={i} block style={{ fontSize: 11, maxHeight: 180, overflow: 'auto', whiteSpace: 'pre' }}>
                {part.value}
              </Code>
            ) : (
              <Text key={i} size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                {part.value}
              </Text>
            ),
          )}
        </Stack>
      </Paper>
      {!mine && !message.failed && (
        <Group gap={6} mt={2}>
          {message.sandbox && (
            <Tooltip label="Answered by the sandbox model (no AI provider configured)">
              <Badge size="xs" color="orange" variant="light" data-testid="css-chat-sandbox">
                sandbox
              </Badge>
            </Tooltip>
          )}
          <Button size="compact-xs" variant="subtle" onClick={() => onInsert(message)}>
            Insert CSS
          </Button>
        </Group>
      )}
    </Box>
  );
}

/** The AI style assistant: a chat in a popover whose answers' CSS goes into the editor. */
export function CssAssistant({ currentCSS, onInsert, generate, agentID, userData, bucket, disabled, defaultOpened, initialConversation }: CssAssistantProps) {
  const [opened, setOpened] = useState(Boolean(defaultOpened));
  const [conversation, setConversation] = useState<ChatMessage[]>(initialConversation ?? []);
  const [text, setText] = useState('');
  const [generating, setGenerating] = useState(false);
  const viewport = useRef<HTMLDivElement>(null);
  const cssRef = useRef(currentCSS);
  cssRef.current = currentCSS;

  useEffect(() => {
    viewport.current?.scrollTo({ top: viewport.current.scrollHeight, behavior: 'smooth' });
  }, [conversation, generating, opened]);

  const send = async () => {
    if (!canSend(text, generating)) return;
    const question: ChatMessage = { role: 'user', content: text.trim() };
    const asked = [...conversation, question];
    setConversation(asked);
    setText('');
    setGenerating(true);
    let answer: AiCssResult | undefined;
    try {
      answer = await generate(buildRequest(asked, cssRef.current, { agentID, userData, bucket }));
    } catch (error) {
      console.warn('css assistant: request failed', error);
    }
    const outcome = generationOutcome(answer);
    setConversation((list) => [...list, outcome.reply]);
    setGenerating(false);
    if (outcome.kind === 'inserted') {
      onInsert(outcome.css);
      notify.success(outcome.notice);
    } else if (outcome.kind === 'no-css') notify.info(outcome.notice);
    else notify.error(outcome.notice);
  };

  const insertFrom = (message: ChatMessage) => {
    const result = manualInsertion(message);
    if (result.css) {
      onInsert(result.css);
      notify.success(result.notice);
    } else notify.error(result.notice);
  };

  const reset = () => {
    setConversation([]);
    setText('');
    notify.success(CSS_MESSAGES.chatReset);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (isSendShortcut(event)) {
      event.preventDefault();
      void send();
    }
  };

  return (
    <Popover opened={opened} onChange={setOpened} width={400} position="bottom-end" shadow="md" withArrow trapFocus={false} closeOnEscape>
      <Popover.Target>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconSparkles size={16} />}
          onClick={() => setOpened((o) => !o)}
          disabled={disabled}
          data-testid="css-assistant-toggle"
        >
          AI style assistant
        </Button>
      </Popover.Target>
      <Popover.Dropdown p="sm" data-testid="css-assistant">
        <Stack gap="xs">
          <Group justify="space-between" gap="xs">
            <Group gap={6}>
              <IconSparkles size={16} color="var(--mantine-primary-color-filled)" />
              <Text fw={600} size="sm">
                AI style assistant
              </Text>
            </Group>
            <Button size="compact-xs" variant="subtle" color="gray" leftSection={<IconRefresh size={14} />} onClick={reset} disabled={generating} data-testid="css-assistant-reset">
              Reset conversation
            </Button>
          </Group>
          <ScrollArea h={280} viewportRef={viewport} type="auto" offsetScrollbars>
            <Stack gap="xs" p={2} data-testid="css-assistant-conversation">
              {conversation.length === 0 && !generating && (
                <Text size="sm" c="dimmed" ta="center" py="lg">
                  Describe how the chat widget should look, e.g. “rounded send button in dark green”.
                </Text>
              )}
              {conversation.map((message, i) => (
                <MessageBubble key={i} message={message} onInsert={insertFrom} />
              ))}
              {generating && (
                <Group gap={6} data-testid="css-assistant-generating">
                  <Loader size="xs" type="dots" />
                  <Text size="xs" c="dimmed">
                    Generating CSS…
                  </Text>
                </Group>
              )}
            </Stack>
          </ScrollArea>
          <Group gap={6} align="flex-end" wrap="nowrap">
            <Textarea
              style={{ flex: 1 }}
              autosize
              minRows={CHAT_ROWS.min}
              maxRows={CHAT_ROWS.max}
              placeholder="Describe the style you want…"
              value={text}
              onChange={(event) => setText(event.currentTarget.value)}
              onKeyDown={onKeyDown}
              aria-label="Message to the AI style assistant"
              data-testid="css-assistant-input"
            />
            <Tooltip label="Send">
              <ActionIcon size={36} onClick={() => void send()} disabled={!canSend(text, generating)} aria-label="Send" data-testid="css-assistant-send">
                <IconSparkles size={18} />
              </ActionIcon>
            </Tooltip>
          </Group>
          <Text size="xs" c="dimmed">
            <Kbd size="xs">{isMac() ? '⌘' : 'Ctrl'}</Kbd> + <Kbd size="xs">Enter</Kbd> to send
          </Text>
        </Stack>
      </Popover.Dropdown>
    </Popover>
  );
}
