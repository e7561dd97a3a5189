import { AGENT_API_MESSAGES, newAgentSecretKey, type Region } from '@platform/contracts';
import { conflict, forbidden, type Identity } from '@platform/kit';
import type { SealedAgentStore } from '../store/sealed-stores';
import type { AgentAccess } from './access';

const ATTEMPTS = 3;

/** Regenerating an agent's SECRET_API_KEY: the old key is refused from then on. */
export class SecretKeyUseCases {
  constructor(private readonly agents: SealedAgentStore, private readonly access: AgentAccess) {}

  /** Members and the workspace secret may; the key itself may not mint its successor. */
  async rotate(identity: Identity, region: Region, agentId: string): Promise<{ SECRET_API_KEY: string }> {
    if (identity.kind === 'agent') throw forbidden(AGENT_API_MESSAGES.rotateNeedsMember);
    for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
      const { agent } = await this.access.loadAgent(identity, region, agentId);
      const secretKey = newAgentSecretKey();
      if (await this.agents.rotateSecretKey(region, agent, secretKey)) return { SECRET_API_KEY: secretKey };
    }
    throw conflict(AGENT_API_MESSAGES.rotateRaced);
  }
}
