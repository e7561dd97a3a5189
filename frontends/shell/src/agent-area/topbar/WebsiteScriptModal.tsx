import type { Region } from '@platform/contracts';
import { Button, Code, CopyButton, Group, Modal, NOTICES, Stack, Tabs, Text, notify } from '@platform/ui';
import { embedSnippets } from '../logic/embed-snippets';

/** Website Script: the three embed snippets of the agent, each with a copy button. */
export default function WebsiteScriptModal({ region, agentId, onClose }: { region: Region; agentId: string; onClose: () => void }) {
  const snippets = embedSnippets(window.location.origin, region, agentId);
  return (
    <Modal opened onClose={onClose} title="Website Script" size="xl" data-testid="website-script">
      <Tabs defaultValue={snippets[0].key}>
        <Tabs.List mb="md">
          {snippets.map((s) => (
            <Tabs.Tab key={s.key} value={s.key}>
              {s.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {snippets.map((s) => (
          <Tabs.Panel key={s.key} value={s.key}>
            <Stack gap="sm">
              <Text size="sm" c="dimmed">
                {s.description}
              </Text>
              <Code block data-testid={`snippet-${s.key}`} style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>
                {s.code}
              </Code>
              <Group justify="flex-end">
                <CopyButton value={s.code}>
                  {({ copied, copy }) => (
                    <Button variant={copied ? 'light' : 'filled'} onClick={() => { copy(); notify.success(NOTICES.agent.copied); }}>
                      {copied ? 'Copied' : 'Copy snippet'}
                    </Button>
                  )}
                </CopyButton>
              </Group>
            </Stack>
          </Tabs.Panel>
        ))}
      </Tabs>
    </Modal>
  );
}
