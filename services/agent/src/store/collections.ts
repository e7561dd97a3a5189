import { COLLECTIONS } from '@platform/contracts';
import { OUTBOX_INDEX, type CollectionIndexes } from '@platform/kit';
import { FILES_INDEXES } from './files-storage';
import { THEMES_INDEXES } from './themes';
import { CONVERSATION_INDEXES } from './conversations';
import { CHUNKS_INDEXES, SOURCES_INDEXES } from '../knowledge/module';

/** The collections this service owns, in every regional database. */
export const COLLECTION = {
  /** the spec's voiceglow/{agentId}: one document per agent, `_id` = ID */
  agents: COLLECTIONS.agents,
  /** the last 20 versions of each agent */
  versions: 'agent_versions',
} as const;

export const INDEXES: CollectionIndexes[] = [
  {
    collection: COLLECTION.agents,
    indexes: [
      // GET /v2/agents: a workspace's agents, newest first.
      { key: { userId: 1, lastModified: -1 }, name: 'agents_by_workspace_recent' },
      // POST /internal/credentials/verify; legacy agents without a key are skipped (sparse).
      { key: { SECRET_API_KEY: 1 }, name: 'agent_secret_key_unique', unique: true, sparse: true },
      OUTBOX_INDEX,
    ],
  },
  {
    collection: COLLECTION.versions,
    indexes: [{ key: { agentId: 1, version: -1 }, name: 'agent_version_unique', unique: true }],
  },
  ...FILES_INDEXES,
  ...THEMES_INDEXES,
  ...CONVERSATION_INDEXES,
  ...SOURCES_INDEXES,
  ...CHUNKS_INDEXES,
];
