// The shell's page loads the global styles (ShellApp); this page stands alone, so it loads them itself.
import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';
import { useState } from 'react';
import { createRoot } from 'react-dom/client';
import type { AiCssRequest, AiCssResult, AgentNode, Region, UploadFileRequest, UploadedFile } from '@platform/contracts';
import { Code, Container, Paper, SimpleGrid, Stack, Text, Title, UiProvider, type UploadOptions } from '@platform/ui';
import {
  AlertBanner,
  CanvasEditor,
  CssEditor,
  FileDropZone,
  FileUpload,
  ImageUpload,
  ThemeEditor,
  type ChatMessage,
  type NodeLink,
} from '../../../ui/src/agent-editor/editors';

/*
 * Visual check of the editors with canned data and fake network calls.
 * ?view=alerts|theme|css|canvas|uploads|all; uploads take ?uploadMs= (default 6000).
 */
const params = new URLSearchParams(window.location.search);
const view = params.get('view') ?? 'all';
const uploadMs = Number(params.get('uploadMs') ?? 6000);

const fakeUploader = (_region: Region, body: UploadFileRequest, options: UploadOptions): Promise<UploadedFile> =>
  new Promise((resolve) => {
    const started = Date.now();
    const timer = setInterval(() => {
      const fraction = Math.min(1, (Date.now() - started) / uploadMs);
      options.onProgress?.(fraction);
      if (fraction >= 1) {
        clearInterval(timer);
        const isImage = body.base64Payload.startsWith('data:image/');
        resolve({ url: isImage ? body.base64Payload : `https://files.example.com/${body.fileName ?? 'file'}`, filename: body.fileName, sizeKB: 12 });
      }
    }, 100);
  });

const fakeCss = async (body: AiCssRequest): Promise<AiCssResult> => {
  await new Promise((r) => setTimeout(r, 500));
  const last = body.messages[body.messages.length - 1]?.content ?? '';
  if (/fail/i.test(last)) return { success: false, error: 'Failed to generate CSS. Please try again.' };
  if (/words/i.test(last)) return { success: true, response: 'Your widget already looks good; no changes needed.', css: null, sandbox: true };
  const response = 'Here is a darker header with a rounded send button:\n```css\n.vg-header {\n  background: #1f2937;\n  color: #fff;\n}\n.vg-send-button {\n  border-radius: 999px;\n}\n```';
  return { success: true, response, css: null, sandbox: true };
};

const templateNodes: AgentNode[] = [
  { id: 'start', type: 'start', position: { x: 0, y: 0 }, data: { label: 'Start', message: 'Hi! What e-mail address should we use to reach you?' }, next: ['ask-email'] },
  {
    id: 'ask-email',
    type: 'default',
    position: { x: 320, y: 0 },
    data: { label: 'Ask for the e-mail', prompt: 'Ask for the e-mail address. If it is not valid, explain what is wrong and ask again. Store it as {email}.' },
    next: ['confirm-email'],
  },
  {
    id: 'confirm-email',
    type: 'default',
    position: { x: 640, y: 0 },
    data: { label: 'Confirm the e-mail', prompt: 'Spell the address back exactly as {email} and ask "Is this correct?".' },
    next: ['end'],
  },
  { id: 'end', type: 'end', position: { x: 960, y: 0 }, data: { label: 'End', message: 'Thank you! Your e-mail address is confirmed.' }, next: [] },
  { id: 'note-1', type: 'note', position: { x: 0, y: -200 }, data: { label: 'Note', text: 'Use {email} in later nodes or send it to your CRM.' }, next: [] },
];

const previewImage =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="96" height="96"><rect width="96" height="96" fill="#7950f2"/><circle cx="48" cy="40" r="18" fill="#fff"/><rect x="22" y="64" width="52" height="16" rx="8" fill="#fff"/></svg>');

const sampleConversation: ChatMessage[] = [
  { role: 'user', content: 'Make the header dark and the send button round' },
  {
    role: 'assistant',
    content: 'Here is a darker header with a rounded send button:\n```css\n.vg-header { background: #1f2937; }\n.vg-send-button { border-radius: 999px; }\n```',
    sandbox: true,
  },
];

function Section({ title, children, testId }: { title: string; children: React.ReactNode; testId: string }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Title order={4} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Harness() {
  const [theme, setTheme] = useState('{"themeType":"light","primary":"#7950f2"}');
  const [agentTheme, setAgentTheme] = useState('');
  const [css, setCss] = useState('/* Widget styles */\n.vg-widget {\n  font-family: Inter, sans-serif;\n}\n');
  const [nodes, setNodes] = useState<AgentNode[]>(templateNodes);
  const [links, setLinks] = useState<NodeLink[]>([]);
  const [image, setImage] = useState(previewImage);
  const [image2, setImage2] = useState('');
  const [file, setFile] = useState('');
  const [dropped, setDropped] = useState<UploadedFile[]>([]);
  const show = (name: string) => view === 'all' || view === name;

  return (
    <Container size="lg" py="md">
      <Stack gap="md">
        {show('alerts') && (
          <Section title="Alert banners" testId="section-alerts">
            <Stack gap="xs">
              <AlertBanner type="default" title="Default">
                A neutral message.
              </AlertBanner>
              <AlertBanner type="info" title="Info">
                Third-party integrations are configured in Settings, then Integrations.
              </AlertBanner>
              <AlertBanner type="warning" title="Warning">
                Propagation can take 24 to 48 hours.
              </AlertBanner>
              <AlertBanner type="error" title="Error" onClose={() => undefined}>
                Max size: 2 MBs
              </AlertBanner>
              <AlertBanner type="success" title="Success">
                Domain is live!
              </AlertBanner>
            </Stack>
          </Section>
        )}
        {show('theme') && (
          <Section title="Theme editor" testId="section-theme">
            <ThemeEditor value={theme} onChange={(json) => setTheme(json)} onAgentThemeChange={setAgentTheme} />
            <Text size="xs" c="dimmed" mt="sm" data-testid="theme-json">
              agent theme: {agentTheme || '(unchanged)'} · {theme.slice(0, 120)}…
            </Text>
          </Section>
        )}
        {show('css') && (
          <Section title="CSS editor" testId="section-css">
            <CssEditor
              value={css}
              onChange={setCss}
              agentId="agent123"
              generateCss={fakeCss}
              userData={{ userId: 'u1' }}
              assistantDefaultOpened={params.get('assistant') === 'open'}
              assistantConversation={params.get('assistant') === 'open' ? sampleConversation : undefined}
            />
          </Section>
        )}
        {show('canvas') && (
          <Section title="Canvas editor" testId="section-canvas">
            <CanvasEditor
              nodes={nodes}
              onChange={(next, edges) => {
                setNodes(next);
                setLinks(edges);
              }}
              height={520}
            />
            <Code block mt="sm" data-testid="canvas-json" style={{ maxHeight: 160, overflow: 'auto', fontSize: 11 }}>
              {JSON.stringify(
                nodes.map((n) => ({ id: n.id, type: n.type, position: n.position, next: n.next, label: (n.data as { label?: string } | undefined)?.label })),
              )}
              {'\n'}
              {`links: ${links.length}`}
            </Code>
          </Section>
        )}
        {show('uploads') && (
          <Section title="Uploads" testId="section-uploads">
            <SimpleGrid cols={2} spacing="lg">
              <Stack>
                <ImageUpload label="Round image" value={image} onChange={setImage} agentId="agent123" userId="u1" uploader={fakeUploader} />
                <ImageUpload label="Chat background" value={image2} onChange={setImage2} agentId="agent123" userId="u1" maxSizeMB={0.001} uploader={fakeUploader} />
                <FileUpload label="Knowledge file" value={file} onChange={setFile} accept=".pdf,.txt" agentId="agent123" userId="u1" uploader={fakeUploader} />
              </Stack>
              <Stack>
                <FileDropZone agentId="agent123" userId="u1" accept=".pdf,.doc,.docx,.txt,.md,.csv" maxSizeMB={1} uploader={fakeUploader} onChange={setDropped} />
                <Text size="xs" c="dimmed" data-testid="dropped-count">
                  stored: {dropped.length}
                </Text>
              </Stack>
            </SimpleGrid>
          </Section>
        )}
      </Stack>
    </Container>
  );
}

createRoot(document.getElementById('root')!).render(
  <UiProvider>
    <Harness />
  </UiProvider>,
);
