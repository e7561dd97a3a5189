import { AGENT_API_MESSAGES, newAgentId, type AgentTemplate, type ConvertAgentTemplateToAgentRequest, type Region } from '@platform/contracts';
import { conflict } from '@platform/kit';
import { checkNewAgent } from '../domain/agent-input';
import { agentView, type AgentRecord, type AgentView } from '../domain/agent-record';
import { draftFromTemplate, exportTemplate } from '../domain/template-conversion';
import { AGENT_TEMPLATES, TEMPLATE_TABS } from '../domain/templates';
import type { WorkspaceGrant } from './access';
import type { AgentWriter } from './agent-writer';
import { acceptInput } from './deps';

/** The template picker, and the procedures convertAgentTemplateToAgent and exportAgentToJson. */
export class TemplateUseCases {
  constructor(private readonly writer: AgentWriter) {}

  templates(): { templates: readonly AgentTemplate[]; tabs: typeof TEMPLATE_TABS } {
    return { templates: AGENT_TEMPLATES, tabs: TEMPLATE_TABS };
  }

  /**
   * A new agent from a template of the picker or an exported file: fresh ID, secret key and
   * times, the chosen name, owned by the granted workspace; new-agent is published.
   * A refusal answers the problem itself (the drawer shows 'Error: {message}').
   */
  async convert(region: Region, body: ConvertAgentTemplateToAgentRequest, workspace: WorkspaceGrant): Promise<AgentView> {
    const agentId = newAgentId();
    const agent = acceptInput(checkNewAgent(draftFromTemplate(body.agentTemplate, body.agentName, workspace.workspaceId), agentId), (problem) => problem);
    const created = await this.writer.create(region, agent, workspace.workspaceId, workspace.actor, 'import');
    // 62^16 ids: a collision is not expected; refuse rather than overwrite.
    if (!created) throw conflict(AGENT_API_MESSAGES.saveFailed('please try again'));
    return agentView(created.record);
  }

  /** exportAgentToJson: the agent as a template without ids, owner, secrets or times. */
  exportAgent(agent: AgentRecord): AgentTemplate {
    return exportTemplate(agentView(agent));
  }
}
