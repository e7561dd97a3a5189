import { NOTIFICATION_MESSAGES, newDocumentId, type Region, type WorkspaceLogRequest } from '@platform/contracts';
import type { Logger, Mailer } from '@platform/kit';
import type { WorkspaceDirectory } from '../clients/workspace';
import { logEmail } from '../domain/workspace-log';
import type { WorkspaceLogStore } from '../store/workspace-logs';

export interface WorkspaceLogDeps {
  store: WorkspaceLogStore;
  workspaces: WorkspaceDirectory;
  mailer: Mailer;
  logger: Logger;
  now?: () => Date;
}

/** The logs API (spec §7 POST /workspace/{userId}/logs): stores the line; withEmail, the workspace's members get it by e-mail. */
export class WorkspaceLogs {
  constructor(private readonly deps: WorkspaceLogDeps) {}

  async save(region: Region, workspaceId: string, log: WorkspaceLogRequest): Promise<string> {
    const { region: _named, ...fields } = log;
    const id = newDocumentId();
    await this.deps.store.insert(region, { ...fields, _id: id, workspaceId, createdAt: this.deps.now?.() ?? new Date() });
    if (log.withEmail) {
      const target = await this.deps.workspaces.eventsTarget(region, workspaceId);
      if (target?.workspaceEmails.length) {
        await this.deps.mailer.send({ to: target.workspaceEmails, subject: NOTIFICATION_MESSAGES.logEmailSubject(log.type), html: logEmail(log) }).catch((err: unknown) => this.deps.logger.warn({ err, workspaceId }, 'log e-mail not sent'));
      }
    }
    return id;
  }
}
