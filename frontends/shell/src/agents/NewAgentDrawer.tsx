import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { MESSAGES, agentDraftSchema, newAgentDraft, type AgentPlatform, type AgentTemplate, type JsonObject } from '@platform/contracts';
import { Alert, Badge, Button, Card, CloseButton, Drawer, FileButton, Group, IconBuildingEstate, IconCalendar, IconDeviceGamepad2, IconFile, IconFileImport, IconHeadset, IconInfoCircle, IconMailCheck, IconSparkles, IconStethoscope, IconTemplate, IconWand, Loader, NOTICES, SegmentedControl, Skeleton, Stack, Tabs, Text, TextInput, ThemeIcon, Title, UnstyledButton, notify, useAgentTemplates, useComputedColorScheme, useConvertTemplate, useSaveAgent, validationMessage, type Agent, postCreatePath } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';
import { AgentWizard } from './AgentWizard';
import { TEMPLATE_TABS, readTemplateFile, showsPlatformChooser, templatesOfTab, type TemplateTab } from './new-agent';
import './new-agent.css';

/** How long 'Agent created successfully, redirecting...' shows before the redirect. */
export const REDIRECT_AFTER_MS = 2000;

const TEMPLATE_ICONS: Record<string, typeof IconFile> = {
  'customer-support': IconHeadset,
  'real-estate-agent': IconBuildingEstate,
  'health-care-agent': IconStethoscope,
  'confirm-email': IconMailCheck,
  'make-appointment': IconCalendar,
  'blank-template': IconFile,
  'game-npc': IconDeviceGamepad2,
};

const nameSchema = agentDraftSchema.extract('title');
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** Known templates get the design system's icons (emoji fonts differ per system); others their own image or emoji. */
function TemplateIcon({ template }: { template: AgentTemplate }) {
  const known = TEMPLATE_ICONS[template.key];
  if (!known && template.icon && /^(https?:)?\/\//.test(template.icon)) return <img src={template.icon} alt="" width={28} height={28} />;
  if (!known && template.icon && template.icon.length <= 4) return <Text size="xl">{template.icon}</Text>;
  const Icon = known ?? IconTemplate;
  return (
    <ThemeIcon variant="light" size="lg">
      <Icon size={20} />
    </ThemeIcon>
  );
}

interface NewAgentDrawerProps {
  onClose: () => void;
  /** When set, a created agent only closes the drawer (no notice, no redirect). */
  disablePostAgentCreated?: boolean;
}

/** The New Agent drawer (agents-channels-domains 2): a name, or a template, or an imported template file. */
export default function NewAgentDrawer({ onClose, disablePostAgentCreated = false }: NewAgentDrawerProps) {
  const { region, workspace, user } = useWorkspace();
  const [wizard, setWizard] = useState(false);
  const navigate = useNavigate();
  const colorScheme = useComputedColorScheme('light');
  const templates = useAgentTemplates(region);
  const saveAgent = useSaveAgent();
  const convert = useConvertTemplate();

  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [tab, setTab] = useState<TemplateTab>('All Templates');
  const [selected, setSelected] = useState<AgentTemplate | null>(null);
  const [imported, setImported] = useState<{ fileName: string; template: JsonObject } | null>(null);
  const [platform, setPlatform] = useState<AgentPlatform>('vg');
  const [redirecting, setRedirecting] = useState(false);
  const chooser = showsPlatformChooser(window.location.hostname);

  const nameError = touched ? validationMessage(nameSchema, name) : undefined;
  const busy = saveAgent.isPending || convert.isPending || redirecting;

  const importFile = async (file: File | null) => {
    if (!file) return;
    try {
      const { template, suggestedName } = readTemplateFile(await file.text());
      setImported({ fileName: file.name, template });
      setSelected(null);
      if (!name.trim() && suggestedName) setName(suggestedName);
    } catch (error) {
      notify.error(NOTICES.agent.templateFailed(errorText(error)));
    }
  };

  const finish = (agent: Pick<Agent, 'ID' | 'enableNodes'>) => {
    if (disablePostAgentCreated) return onClose();
    notify.success(NOTICES.agent.created, REDIRECT_AFTER_MS);
    setRedirecting(true);
    window.setTimeout(() => {
      navigate(postCreatePath(region, agent));
      onClose();
    }, REDIRECT_AFTER_MS);
  };

  const create = async () => {
    setTouched(true);
    const title = name.trim();
    if (validationMessage(nameSchema, title)) return;
    if (!user || !workspace) return notify.error(MESSAGES.agent.loginRequired);
    // The listed or exported template travels whole ({key, name, description, template}).
    const template = imported?.template ?? (selected as unknown as JsonObject | null);
    if (template) {
      try {
        finish(await convert.mutateAsync({ region, agentName: title, agentTemplate: template, workspaceId: workspace.uid }));
      } catch (error) {
        notify.error(NOTICES.agent.templateFailed(errorText(error)));
      }
      return;
    }
    const draft = newAgentDraft({ title, ownerID: workspace.uid, agentPlatform: chooser ? platform : 'vg', themeMode: colorScheme });
    try {
      await saveAgent.mutateAsync({ region, agent: draft });
      finish(draft);
    } catch (error) {
      notify.error(draft.agentPlatform === 'vf' ? NOTICES.agent.createFailedVf(errorText(error)) : NOTICES.agent.createFailed(errorText(error)));
    }
  };

  const shown = templatesOfTab(templates.data ?? [], tab);
  if (wizard) return <AgentWizard workspace={workspace && { uid: workspace.uid, region }} onLeave={() => setWizard(false)} onClose={onClose} />;
  return (
    <Drawer
      opened
      onClose={onClose}
      position="right"
      size={720}
      padding="lg"
      title={
        <div>
          <Title order={3}>New Agent</Title>
          <Text size="sm" c="dimmed">
            Create a new AI agent.
          </Text>
        </div>
      }
      data-testid="new-agent-drawer"
    >
      <Stack gap="lg">
        <Group align="flex-start" gap="sm" wrap="nowrap">
          <TextInput
            label="Agent Name"
            placeholder="e.g. Support Assistant"
            withAsterisk
            required
            value={name}
            error={nameError}
            onChange={(e) => {
              setName(e.currentTarget.value);
              // The required message shows once something was typed (not on a mere blur, which would shift the layout under a click).
              setTouched(true);
            }}
            onKeyDown={(e) => e.key === 'Enter' && name.trim() && void create()}
            style={{ flex: 1 }}
            data-autofocus
          />
          <Button mt={25} onClick={() => void create()} disabled={!name.trim()} loading={busy} data-testid="create-agent">
            Create
          </Button>
        </Group>

        {chooser && (
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              Agent platform
            </Text>
            <SegmentedControl value={platform} onChange={(v) => setPlatform(v as AgentPlatform)} data={[{ value: 'vg', label: 'vg' }, { value: 'vf', label: 'vf' }]} />
          </Stack>
        )}

        <UnstyledButton onClick={() => setWizard(true)} data-testid="agent-wizard-card">
          <Card withBorder radius="md" padding="md" className="wizard-card">
            <Group wrap="nowrap">
              <ThemeIcon size={44} radius="md" variant="gradient" gradient={{ from: 'violet', to: 'grape' }}>
                <IconWand size={24} />
              </ThemeIcon>
              <div>
                <Text fw={600}>Create an AI agent from your website automatically</Text>
                <Group gap={6}>
                  <IconSparkles size={14} />
                  <Text size="sm" c="dimmed">
                    Recommended for beginners
                  </Text>
                </Group>
              </div>
            </Group>
          </Card>
        </UnstyledButton>

        <Stack gap="sm">
          <Group justify="space-between">
            <Title order={5}>Or Choose a Template</Title>
            <FileButton onChange={(file) => void importFile(file)} accept="application/json,.json">
              {(props) => (
                <Button {...props} variant="subtle" size="xs" leftSection={<IconFileImport size={14} />} data-testid="import-template">
                  Import template file
                </Button>
              )}
            </FileButton>
          </Group>
          {imported && (
            <Alert variant="light" icon={<IconFileImport size={18} />} data-testid="imported-template" withCloseButton={false}>
              <Group justify="space-between" wrap="nowrap">
                <Text size="sm">
                  Template from <b>{imported.fileName}</b>: Create makes an agent from it.
                </Text>
                <CloseButton size="sm" onClick={() => setImported(null)} aria-label="Remove imported template" />
              </Group>
            </Alert>
          )}
          <Tabs value={tab} onChange={(v) => v && setTab(v as TemplateTab)}>
            <Tabs.List>
              {TEMPLATE_TABS.map((t) => (
                <Tabs.Tab key={t} value={t}>
                  {t}
                </Tabs.Tab>
              ))}
            </Tabs.List>
          </Tabs>
          {templates.isPending ? (
            <div className="template-grid">
              {Array.from({ length: 4 }, (_, i) => (
                <Skeleton key={i} height={96} radius="md" />
              ))}
            </div>
          ) : templates.isError ? (
            <Alert color="yellow" title="Templates could not be loaded">
              {templates.error.message}{' '}
              <Button size="compact-xs" variant="light" onClick={() => void templates.refetch()}>
                Try again
              </Button>
            </Alert>
          ) : shown.length === 0 ? (
            <Text size="sm" c="dimmed">
              No templates in this category yet.
            </Text>
          ) : (
            <div className="template-grid" data-testid="template-grid">
              {shown.map((template) => {
                const isSelected = selected?.key === template.key;
                return (
                  <Card
                    key={template.key}
                    withBorder
                    radius="md"
                    padding="sm"
                    className="template-card"
                    data-selected={isSelected || undefined}
                    data-template={template.key}
                    role="button"
                    tabIndex={0}
                    aria-pressed={isSelected}
                    onClick={() => {
                      setSelected(isSelected ? null : template);
                      setImported(null);
                    }}
                    onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && setSelected(isSelected ? null : template)}
                  >
                    <Group gap="sm" wrap="nowrap" align="flex-start">
                      <TemplateIcon template={template} />
                      <div style={{ minWidth: 0 }}>
                        <Group gap={6}>
                          <Text fw={600} size="sm">
                            {template.name}
                          </Text>
                          {isSelected && <Badge size="xs">Selected</Badge>}
                        </Group>
                        {template.description && (
                          <Text size="xs" c="dimmed" lineClamp={3}>
                            {template.description}
                          </Text>
                        )}
                      </div>
                    </Group>
                  </Card>
                );
              })}
            </div>
          )}
        </Stack>

        <Alert variant="light" color="blue" icon={<IconInfoCircle size={18} />}>
          Third-party integrations are configured in Settings, then Integrations, after the agent is created.
        </Alert>
        {busy && !redirecting && (
          <Group gap="xs">
            <Loader size="xs" />
            <Text size="sm" c="dimmed">
              Creating your agent...
            </Text>
          </Group>
        )}
      </Stack>
    </Drawer>
  );
}
