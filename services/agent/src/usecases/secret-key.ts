import { AGENT_API_MESSAGES, newAgentSecretKey, type Region } from '@platform/contracts';
import { conflict, forbidden, type Identity } from '@platform/kit';
import type { AgentRecord } from '../domain/agent-record';
import type { SealedAgentStore } from '../store/sealed-stores';

const ATTEMPTS = 3;

/** Regenerating an agent's SECRET_API_KEY: the old key is refused from then on. */
export class SecretKeyUseCases {
  constructor(private readonly agents: SealedAgentStore) {}

  /** Members and the workspace secret may (the route's rule checked which agent); the key itself may not mint its successor. */
  async rotate(identity: Identity, region: Region, granted: AgentRecord): Promise<{ SECRET_API_KEY: string }> {
    if (identity.kind === 'agent') throw forbidden(AGENT_API_MESSAGES.rotateNeedsMember);
    let agent: AgentRecord | null = granted;
    for (let attempt = 0; attempt < ATTEMPTS && agent; attempt += 1) {
      const secretKey = newAgentSecretKey();
      if (await this.agents.rotateSecretKey(region, agent, secretKey)) return { SECRET_API_KEY: secretKey };
      // A save landed in between: try again on what is stored now.
      agent = await this.agents.find(region, agent.ID);
    }
    throw conflict(AGENT_API_MESSAGES.rotateRaced);
  }
}
