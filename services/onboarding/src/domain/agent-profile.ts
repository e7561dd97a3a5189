import { newAgentDraft, themePalette, type AgentDraft, type BrandingChoices, type CompanyData } from '@platform/contracts';
import type { SitePage } from '../clients/website';

/** The heading under which the site's text reaches the agent's prompt (the runtime's knowledge of the site). */
export const KNOWLEDGE_HEADING = '## Knowledge from the company website';
/** The site's text kept in the prompt (the prompt limit is 100,000 characters). */
export const MAX_KNOWLEDGE_CHARS = 40_000;

export interface AgentWording {
  systemPrompt: string;
  firstMessages: string[];
}

/** The wording without a model: a prompt and greeting built from the company's own words. */
export function defaultWording(company: CompanyData): AgentWording {
  return {
    systemPrompt:
      `You are the friendly assistant of ${company.name} (${company.website}). ${company.name}: ${company.description.trim()}\n` +
      `Answer visitors' questions about ${company.name} briefly and only from the knowledge below; when it does not say, offer to put them in touch with the team.`,
    firstMessages: [`Hi! I'm the ${company.name} assistant. How can I help you today?`],
  };
}

/** A model's JSON answer {systemPrompt, firstMessages} when it is usable, else null. */
export function parseWording(answer: string): AgentWording | null {
  const json = /\{[\s\S]*\}/.exec(answer)?.[0];
  if (!json) return null;
  try {
    const value = JSON.parse(json) as Partial<AgentWording>;
    const firstMessages = Array.isArray(value.firstMessages) ? value.firstMessages.filter((m): m is string => typeof m === 'string' && m.trim() !== '').slice(0, 3) : [];
    if (typeof value.systemPrompt !== 'string' || value.systemPrompt.trim().length < 20 || firstMessages.length === 0) return null;
    return { systemPrompt: value.systemPrompt.trim(), firstMessages };
  } catch {
    return null;
  }
}

/** The pages' text, one block per page, cut at MAX_KNOWLEDGE_CHARS. */
export function siteKnowledge(pages: SitePage[]): string {
  const blocks = pages.map((page) => `### ${page.facts.title || page.url} (${page.url})\n${page.facts.text}`);
  return `${KNOWLEDGE_HEADING}\n${blocks.join('\n\n')}`.slice(0, MAX_KNOWLEDGE_CHARS);
}

/**
 * The agent: a new draft in the workspace, worded, with the site's knowledge, the chosen colour's
 * palette as its custom theme (customThemeJSONString; the draft's theme stays blue-{mode}, the only
 * values a new agent takes) and the logo.
 */
export function personalizedAgent(input: { company: CompanyData; choices: BrandingChoices; workspaceId: string; wording: AgentWording; knowledge: string; logo?: string }): AgentDraft {
  const themeMode = input.choices.themeMode ?? 'light';
  const palette = themePalette(input.choices.primaryColor, themeMode);
  const draft = newAgentDraft({ title: input.company.name, ownerID: input.workspaceId, themeMode });
  const logo = input.choices.customLogo ?? input.logo;
  return {
    ...draft,
    description: input.company.description.trim().slice(0, 500),
    vg_systemPrompt: input.wording.systemPrompt,
    vg_prompt: input.knowledge,
    vg_initMessages: input.wording.firstMessages,
    customThemeJSONString: JSON.stringify({ ownerID: input.workspaceId, ...palette }),
    ...(logo ? { roundedImageURL: logo } : {}),
  };
}
