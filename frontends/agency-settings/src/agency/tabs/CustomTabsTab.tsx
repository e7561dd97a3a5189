import { useState } from 'react';
import { CUSTOM_TAB_PAGE_TYPES, UPLOAD, customTabFrameOrigin, customTabHrefProblem, customTabPageHtml, type CustomTab, type Region } from '@platform/contracts';
import { ActionIcon, Anchor, Button, Card, Group, IconArrowDown, IconArrowUp, IconTrash, SegmentedControl, Stack, Switch, Text, TextInput, Textarea } from '@platform/ui';
import type { AgencyForm } from '../agency-form';
import { moveTab, newCustomTab } from '../custom-tabs';
import { ImageUpload } from './ImageUpload';

/** Spec 2.2 Custom Tabs: collapsed and edit views, move up/down, delete, alwaysVisible; the page previews sandboxed. */
export function CustomTabsTab({ form, region, uid }: { form: AgencyForm; region: Region; uid: string }) {
  const tabs = form.local.customTabs ?? [];
  const [editing, setEditing] = useState<number | null>(null);
  const set = (next: CustomTab[]) => form.update({ customTabs: next });
  const change = (index: number, fields: Partial<CustomTab>) => set(tabs.map((t, i) => (i === index ? { ...t, ...fields } : t)));
  return (
    <Stack gap="sm" data-testid="custom-tabs">
      {tabs.map((tab, index) => {
        const problem = customTabHrefProblem(tab.href, tabs.filter((_, i) => i !== index));
        return (
          <Card key={index} withBorder data-testid={`custom-tab-${index}`}>
            <Group justify="space-between">
              <Group gap="xs">
                <Text fw={600}>{tab.label || tab.href}</Text>
                <Text size="sm" c="dimmed" ff="monospace">{tab.href}</Text>
                {form.stored?.customTabs?.some((t) => t.href === tab.href) ? <Anchor size="sm" href={`/app/${region}/c${tab.href}`} data-testid="custom-tab-open">Open</Anchor> : null}
              </Group>
              <Group gap={4}>
                <ActionIcon variant="subtle" aria-label="Move up" disabled={index === 0} onClick={() => set(moveTab(tabs, index, -1))}><IconArrowUp size={16} /></ActionIcon>
                <ActionIcon variant="subtle" aria-label="Move down" disabled={index === tabs.length - 1} onClick={() => set(moveTab(tabs, index, 1))}><IconArrowDown size={16} /></ActionIcon>
                <ActionIcon variant="subtle" color="red" aria-label="Delete tab" onClick={() => { set(tabs.filter((_, i) => i !== index)); setEditing(null); }}><IconTrash size={16} /></ActionIcon>
                <Button size="xs" variant="light" onClick={() => setEditing(editing === index ? null : index)}>{editing === index ? 'Done' : 'Edit'}</Button>
              </Group>
            </Group>
            {editing === index ? (
              <Stack gap="xs" mt="sm">
                <TextInput label="Label" value={tab.label ?? ''} onChange={(e) => change(index, { label: e.currentTarget.value })} />
                <TextInput label="URL" value={tab.href} error={problem} onChange={(e) => change(index, { href: e.currentTarget.value })} data-testid="custom-tab-href" />
                <ImageUpload label="Icon" hint={`Up to ${UPLOAD.tabIconMaxMB} MB`} px={32} value={tab.iconUrl} region={region} uid={uid} accept=".png,.jpg,.jpeg,.gif,.webp" maxSizeMB={UPLOAD.tabIconMaxMB} onChange={(url) => change(index, { iconUrl: url })} testId="custom-tab-icon" />
                <Switch label="Always visible" checked={Boolean(tab.alwaysVisible)} onChange={(e) => change(index, { alwaysVisible: e.currentTarget.checked })} />
                <SegmentedControl data={[...CUSTOM_TAB_PAGE_TYPES]} value={tab.pageType ?? 'html'} onChange={(v) => change(index, { pageType: v as CustomTab['pageType'] })} />
                {tab.pageType === 'iframe' ? (
                  <TextInput label="Page URL" value={tab.iframeUrl ?? ''} onChange={(e) => change(index, { iframeUrl: e.currentTarget.value })} />
                ) : (
                  <>
                    <Textarea label="HTML" autosize minRows={3} styles={{ input: { fontFamily: 'monospace' } }} value={tab.htmlContent ?? ''} onChange={(e) => change(index, { htmlContent: e.currentTarget.value })} />
                    <Textarea label="JavaScript" autosize minRows={3} styles={{ input: { fontFamily: 'monospace' } }} value={tab.jsContent ?? ''} onChange={(e) => change(index, { jsContent: e.currentTarget.value })} />
                  </>
                )}
                <Text size="sm" fw={500}>Preview</Text>
                <iframe
                  title={`Preview of ${tab.label ?? tab.href}`}
                  sandbox="allow-scripts"
                  style={{ width: '100%', height: 240, border: '1px solid #e5e7eb', borderRadius: 8 }}
                  {...(tab.pageType === 'iframe' ? { src: customTabFrameOrigin(tab.iframeUrl) ? tab.iframeUrl : undefined } : { srcDoc: customTabPageHtml(tab, { agency: { name: form.local.name }, client: { name: 'Preview client' } }) })}
                  data-testid="custom-tab-preview"
                />
              </Stack>
            ) : null}
          </Card>
        );
      })}
      <Group>
        <Button variant="default" onClick={() => { set([...tabs, newCustomTab(tabs)]); setEditing(tabs.length); }} data-testid="add-custom-tab">Add tab</Button>
      </Group>
    </Stack>
  );
}
