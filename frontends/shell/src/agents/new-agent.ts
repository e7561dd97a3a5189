import { AGENT_TEMPLATE_CATEGORIES, type AgentTemplate, type JsonObject } from '@platform/contracts';
import { PRODUCT } from '@platform/ui';

export const ALL_TEMPLATES_TAB = 'All Templates';
export type TemplateTab = typeof ALL_TEMPLATES_TAB | keyof typeof AGENT_TEMPLATE_CATEGORIES;
export const TEMPLATE_TABS: readonly TemplateTab[] = [ALL_TEMPLATES_TAB, ...(Object.keys(AGENT_TEMPLATE_CATEGORIES) as (keyof typeof AGENT_TEMPLATE_CATEGORIES)[])];

/** Templates of a picker tab, in the category's order ('All Templates' keeps the service's order). */
export function templatesOfTab(templates: readonly AgentTemplate[], tab: TemplateTab): AgentTemplate[] {
  if (tab === ALL_TEMPLATES_TAB) return [...templates];
  const keys: readonly string[] = AGENT_TEMPLATE_CATEGORIES[tab];
  return keys.map((key) => templates.find((t) => t.key === key)).filter((t): t is AgentTemplate => Boolean(t));
}

/** The platform chooser shows only on the configured host; elsewhere the platform is 'vg'. */
export const showsPlatformChooser = (hostname: string) => hostname === PRODUCT.platformChooserHost;

/** Reads an exported agent template file: the template body, and a name suggestion from it. */
export function readTemplateFile(text: string): { template: JsonObject; suggestedName?: string } {
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('The file is not an agent template.');
  const record = parsed as JsonObject;
  // An export is the template ({key, name, description, template}); a procedure answer ({agentTemplate}) is accepted too.
  const template = (record.agentTemplate && typeof record.agentTemplate === 'object' ? record.agentTemplate : record) as JsonObject;
  const body = (template.template && typeof template.template === 'object' ? template.template : {}) as JsonObject;
  const suggestion = [template.name, template.title, body.title].find((v) => typeof v === 'string' && v.trim());
  return { template, suggestedName: suggestion as string | undefined };
}

/** A file name for an exported template: the agent's name, made safe for file systems. */
export function templateFileName(agentName: string | undefined): string {
  const safe = (agentName ?? '').replace(/[\\/:*?"<>|\u0000-\u001f]+/g, '').trim();
  return `${safe || 'agent'}.json`;
}
