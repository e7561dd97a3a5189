import type { PublicUserResponse, WorkspaceInternal } from '@platform/contracts';
import type { WorkspaceRecord } from './workspace-record';

/** Internal flags anyone may read (what a branded host needs to render); plan, billing and webhooks stay private. */
const PUBLIC_INTERNAL_KEYS = ['whitelabel_trial', 'whitelabelTrialEndsAt', 'isPayAsYouGo', 'useNewPricing'] as const satisfies ReadonlyArray<keyof WorkspaceInternal>;

/**
 * GET /public/users/{userId}: the secret and every internal field only for the workspace's
 * members or its own secret; everyone else gets hasEverPaid and the public flags.
 */
export function publicUserData(record: WorkspaceRecord, privileged: boolean): PublicUserResponse['data'] {
  if (privileged) return { workspaceSecret: record.workspaceSecret, hasEverPaid: record.hasEverPaid ?? false, internal: record.internal ?? {} };
  const internal: WorkspaceInternal = {};
  for (const key of PUBLIC_INTERNAL_KEYS) {
    if (record.internal?.[key] !== undefined) (internal as Record<string, unknown>)[key] = record.internal[key];
  }
  return { hasEverPaid: record.hasEverPaid ?? false, internal };
}
