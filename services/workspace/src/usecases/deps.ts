import type Joi from 'joi';
import { RateLimiter, badRequest, type Logger, type RegionalMongo } from '@platform/kit';
import type { WorkspaceConfig } from '../config';
import type { Mailer } from '@platform/kit';
import { AccountStore } from '../store/accounts';
import { COLLECTION } from '../store/collections';
import { InvitationStore } from '../store/invitations';
import { LoginCodeStore } from '../store/login-codes';
import { SessionStore } from '../store/sessions';
import { WorkspaceStore } from '../store/workspaces';

export interface Stores {
  accounts: AccountStore;
  loginCodes: LoginCodeStore;
  workspaces: WorkspaceStore;
  invitations: InvitationStore;
  rateLimits: RateLimiter;
  sessions: SessionStore;
}

export interface UseCaseDeps extends Stores {
  config: WorkspaceConfig;
  mailer: Mailer;
  logger: Logger;
  /** Called after a write that queued events, so the relay sends them without waiting for its poll. */
  eventsWritten: () => void;
  now: () => Date;
}

export function createStores(mongo: RegionalMongo, config: WorkspaceConfig): Stores {
  return {
    accounts: new AccountStore(mongo, config.accountsRegion),
    loginCodes: new LoginCodeStore(mongo, config.accountsRegion),
    workspaces: new WorkspaceStore(mongo),
    invitations: new InvitationStore(mongo),
    rateLimits: new RateLimiter(mongo, COLLECTION.rateLimits),
    sessions: new SessionStore(mongo, config.accountsRegion),
  };
}

/** Validates with a contract schema that needs the caller (e.g. `selfEmail`); a failure is a 400 with the schema's message. */
export function assertValid(schema: Joi.Schema, value: unknown, context: Record<string, unknown>): void {
  const { error } = schema.validate(value, { context, errors: { wrap: { label: false } } });
  if (error) throw badRequest(error.details[0]?.message ?? error.message);
}
