import type { AgentDraft, BrandingChoices, CompanyData, Region } from '@platform/contracts';
import type { Identity, Logger } from '@platform/kit';
import type { AgentService } from '../clients/agent-service';
import type { Completion } from '../clients/llm';
import { defaultWording, parseWording, personalizedAgent, siteKnowledge, type AgentWording } from '../domain/agent-profile';
import { websiteUrl } from '../domain/website-url';
import type { BrandingUseCases } from './branding';

export type CreateResult = { ok: true; agent: AgentDraft } | { ok: false; status: number; message?: string };

export class PersonalizedAgentUseCases {
  constructor(private readonly deps: { branding: BrandingUseCases; llm: Completion; agents: AgentService; logger: Logger }) {}

  /**
   * Reads the site, words the agent through the model (its own words when the model's answer is
   * unusable), creates it in the workspace and starts a knowledge source from the website (read
   * by the agent service off the request path; the agent is created even if that start fails).
   */
  async create(region: Region, caller: Identity, input: { company: CompanyData; brandingChoices: BrandingChoices; workspaceId: string }): Promise<CreateResult> {
    const read = await this.deps.branding.analyze(input.company.website);
    const pages = read.ok ? read.site.pages : [];
    const knowledge = siteKnowledge(pages);
    const wording = await this.wording(input.company, knowledge);
    const agent = personalizedAgent({
      company: input.company,
      choices: input.brandingChoices,
      workspaceId: input.workspaceId,
      wording,
      knowledge,
      logo: read.ok ? read.branding.logo : undefined,
    });
    const created = await this.deps.agents.create(region, caller, agent);
    if (!created.ok) {
      this.deps.logger.warn({ status: created.status, message: created.message }, 'personalized agent not created');
      return { ok: false, status: created.status, message: created.message };
    }
    await this.startKnowledge(region, caller, created.agent.ID!, input.company.website);
    return { ok: true, agent: created.agent };
  }

  private async startKnowledge(region: Region, caller: Identity, agentId: string, website: string): Promise<void> {
    const url = websiteUrl(website);
    if (!url) return;
    try {
      const started = await this.deps.agents.startKnowledge(region, caller, agentId, url.toString());
      if (!started.ok) this.deps.logger.warn({ status: started.status, message: started.message, agentId }, 'website knowledge source not started');
    } catch (err) {
      this.deps.logger.warn({ err: (err as Error).message, agentId }, 'website knowledge source not started');
    }
  }

  private async wording(company: CompanyData, knowledge: string): Promise<AgentWording> {
    const request =
      `Write the system prompt and 1 to 2 first messages of a website chat assistant for this company.\n` +
      `Company: ${company.name}\nWebsite: ${company.website}\nWhat it does: ${company.description}\n\n${knowledge.slice(0, 6_000)}\n\n` +
      'Answer with JSON only: {"systemPrompt": "...", "firstMessages": ["..."]}';
    try {
      const answer = await this.deps.llm.complete([
        { role: 'system', content: 'You write assistant configurations as JSON.' },
        { role: 'user', content: request },
      ]);
      return parseWording(answer) ?? defaultWording(company);
    } catch (err) {
      this.deps.logger.warn({ err: (err as Error).message }, 'LLM not reachable for the agent wording; using the company data');
      return defaultWording(company);
    }
  }
}
