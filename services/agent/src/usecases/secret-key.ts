import { AGENT_API_MESSAGES, newAgentSecretKey, type Region } from '@platform/contracts';
import { catalogOutboxEntry, conflict, forbidden, type Identity } from '@platform/kit';
import type { AgentRecord } from '../domain/agent-record';
import type { SealedAgentStore } from '../store/sealed-stores';

const ATTEMPTS = 3;

/** Regenerating an agent's SECRET_API_KEY: the old key is refused from then on. */
export class SecretKeyUseCases {
  constructor(
    private readonly agents: SealedAgentStore,
    /** Called after the rotation's revocation event was written, so the relay sends it at once. */
    private readonly eventsWritten: () => void,
  ) {}

  /** Members and the workspace secret may (the route's rule checked which agent); the key itself may not mint its successor. */
  async rotate(identity: Identity, region: Region, granted: AgentRecord): Promise<{ SECRET_API_KEY: string }> {
    if (identity.kind === 'agent') throw forbidden(AGENT_API_MESSAGES.rotateNeedsMember);
    let agent: AgentRecord | null = granted;
    for (let attempt = 0; attempt < ATTEMPTS && agent; attempt += 1) {
      const secretKey = newAgentSecretKey();
      // Every gateway replica drops its cached verdicts about the old key when this arrives.
      const revocation = catalogOutboxEntry('credentials.agent-secret-key-rotated', { region, workspaceId: agent.userId, data: { agentId: agent.ID } });
      if (await this.agents.rotateSecretKey(region, agent, secretKey, [revocation])) {
        this.eventsWritten();
        return { SECRET_API_KEY: secretKey };
      }
      // A save landed in between: try again on what is stored now.
      agent = await this.agents.find(region, agent.ID);
    }
    throw conflict(AGENT_API_MESSAGES.rotateRaced);
  }
}
