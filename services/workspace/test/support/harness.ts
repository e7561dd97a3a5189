import { startWorkspaceService, type Overrides, type WorkspaceConfig, type WorkspaceService } from '@platform/test-support';
import type { Mailer } from '@platform/kit';

export { anonymous, gateway, snapshot, userIdentity, workspaceIdentity } from '@platform/test-support';
export type { Caller } from '@platform/test-support';

export type Harness = WorkspaceService;
export type ConfigOverrides = Overrides<WorkspaceConfig>;

/** The service in-process on fresh per-test databases, the real SMTP inbox, and no Kafka. */
export function startHarness(overrides: ConfigOverrides = {}, extra: { eventsWritten?: () => void; mailer?: Mailer } = {}): Promise<Harness> {
  return startWorkspaceService({ config: overrides, ...extra });
}
