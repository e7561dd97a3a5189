import { Suspense, lazy, useCallback, useRef, type ComponentType } from 'react';
import type { AiCssRequest, AiCssResult, Region } from '@platform/contracts';
import { Box, Group, Skeleton, Text, Textarea, useComputedColorScheme } from '@mantine/core';
import { useSession } from '../api/hooks';
import { mediaApi } from '../api/media-api';
import { regionFromPath } from '../logic/region-path';
import { notify } from '../notices/notify';
import { CssAssistant } from './CssAssistant';
import { insertCss, type ChatMessage } from './css-assistant';
import { CSS_EDITOR_HEIGHT, CSS_EDITOR_MESSAGES } from './messages';
import type { CodeSurfaceProps } from './CodeSurface';

/** A plain textarea when CodeMirror cannot load: the CSS stays editable. */
function PlainSurface({ value, onChange, height, readOnly, placeholder }: CodeSurfaceProps) {
  return (
    <Textarea
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
      readOnly={readOnly}
      placeholder={placeholder}
      styles={{ input: { height, fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 13 } }}
      aria-label="Custom CSS"
      data-testid="css-plain-editor"
    />
  );
}

const CodeSurface = lazy(
  (): Promise<{ default: ComponentType<CodeSurfaceProps> }> =>
  import(/* webpackChunkName: "codemirror-css" */ './CodeSurface').catch((error: unknown) => {
    console.warn('css editor: CodeMirror failed to load', error);
    notify.error(CSS_EDITOR_MESSAGES.extensionsFailed);
    return { default: PlainSurface };
  }),
);

export interface CssEditorProps {
  /** the CSS: the agent's ADVANCED_customCSS, or the agency's client dashboard customCSS */
  value?: string;
  onChange?: (css: string) => void;
  /** px; the spec's editor is 500 */
  height?: number;
  readOnly?: boolean;
  agentId?: string;
  /** region of the AI request (default: the one in the URL) */
  region?: Region;
  bucket?: string;
  userData?: AiCssRequest['userData'];
  /** replaces POST /api/ai-css-generator (tests, previews) */
  generateCss?: (body: AiCssRequest) => Promise<AiCssResult>;
  /** hides the AI assistant */
  withAssistant?: boolean;
  /** the empty editor's hint (default: the chat widget's) */
  placeholder?: string;
  /** previews: assistant open with a conversation */
  assistantDefaultOpened?: boolean;
  assistantConversation?: ChatMessage[];
}

/** CodeMirror 6 with the CSS language (500 px), and the AI style assistant popover above it. */
export function CssEditor({
  value,
  onChange,
  height = CSS_EDITOR_HEIGHT,
  readOnly,
  agentId,
  region,
  bucket,
  userData,
  generateCss,
  withAssistant = true,
  placeholder = '/* Custom CSS for the chat widget */',
  assistantDefaultOpened,
  assistantConversation,
}: CssEditorProps) {
  const text = value ?? '';
  const textRef = useRef(text);
  textRef.current = text;
  const dark = useComputedColorScheme('light') === 'dark';
  const session = useSession(withAssistant && !userData);
  const user = session.data?.user;

  const change = useCallback((next: string) => onChange?.(next), [onChange]);
  const insert = useCallback((addition: string) => onChange?.(insertCss(textRef.current, addition)), [onChange]);
  const generate = useCallback(
    (body: AiCssRequest) => (generateCss ? generateCss(body) : mediaApi.generateCss(body, region ?? regionFromPath(window.location.pathname))),
    [generateCss, region],
  );

  return (
    <Box data-testid="css-editor">
      <Group justify="space-between" mb={6} gap="xs">
        <Text size="xs" c="dimmed">
          CSS
        </Text>
        {withAssistant && (
          <CssAssistant
            currentCSS={text}
            onInsert={insert}
            generate={generate}
            agentID={agentId}
            userData={userData ?? (user ? { userId: user.userId, email: user.email } : undefined)}
            bucket={bucket}
            disabled={readOnly}
            defaultOpened={assistantDefaultOpened}
            initialConversation={assistantConversation}
          />
        )}
      </Group>
      <Box style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden', minHeight: height }}>
        <Suspense fallback={<Skeleton height={height} radius={0} />}>
          <CodeSurface value={text} onChange={change} height={height} dark={dark} readOnly={readOnly} placeholder={placeholder} />
        </Suspense>
      </Box>
    </Box>
  );
}
