// The media routes (uploads, style assistant, themes, languages) are routes of the agent
// service: these tests run the whole service with a real workspace, its member and agents.
import { agentIdentity } from '@platform/test-support';
import type { Identity } from '@platform/kit';
import type { AppDeps } from '../../src/app';
import { startHarness, type Harness } from './harness';
import { createAgent, personWithWorkspace } from './people';

export const PUBLIC_URL = 'https://platform.example.test';

export interface MediaHarness extends Harness {
  /** a member of the workspace that owns `agentId` */
  member: Extract<Identity, { kind: 'user' }>;
  /** that workspace's secret */
  secret: Identity;
  /** an agent of that workspace, and its key */
  agentId: string;
  agentKey: Identity;
  /** an agent of another workspace */
  strangersAgentId: string;
  /** Every document of the given collections in both regions. */
  documents: (...collections: string[]) => Promise<Record<string, unknown[]>>;
}

export async function startMediaHarness(extra: Partial<Pick<AppDeps, 'files' | 'chat'>> = {}): Promise<MediaHarness> {
  const h = await startHarness({ ...extra, config: { publicUrl: PUBLIC_URL } });
  const own = await personWithWorkspace(h, 'eu', 'member');
  const other = await personWithWorkspace(h, 'eu', 'stranger');
  const agent = await createAgent(h, own.person, own.workspace.uid);
  const strangers = await createAgent(h, other.person, other.workspace.uid);
  return {
    ...h,
    member: own.person,
    secret: own.secret,
    agentId: agent.ID,
    agentKey: agentIdentity(agent.ID),
    strangersAgentId: strangers.ID,
    documents: async (...collections) => {
      const out: Record<string, unknown[]> = {};
      for (const region of h.mongo.regions()) {
        for (const name of collections) out[`${region}.${name}`] = await h.mongo.collection(region, name).find({}).toArray();
      }
      return out;
    },
  };
}
