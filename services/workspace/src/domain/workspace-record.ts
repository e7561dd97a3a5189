import type { Region, SaveWorkspaceRequest, Workspace, WorkspaceSummary } from '@platform/contracts';
import { WORKSPACE_DEFAULTS, workspaceSchema } from '@platform/contracts';
import type { OutboxFields } from '@platform/kit';
import { includesEmail } from './emails';

/** A users/{uid} document as stored: the spec's workspace plus what this service needs. */
export interface WorkspaceRecord extends Workspace, OutboxFields {
  _id: string;
  uid: string;
  region: Region;
  email: string;
  workspaceName: string;
  workspaceSecret: string;
  workspaceEmails: string[];
  /** Who created it; a Personal workspace has ownerUserId === uid. */
  ownerUserId: string;
  /** Set on the tombstone left by a delete (its outbox still has to go out). */
  deletedAt?: Date;
}

export type WorkspaceOwner = { userId: string; email: string };

/**
 * A person's own workspace in one region (uid = their user id). The region of the first
 * sign-in is their home: it gets the free credits and the new-user flags.
 */
export function personalWorkspace(input: {
  owner: WorkspaceOwner;
  region: Region;
  isHome: boolean;
  workspaceName: string;
  workspaceSecret: string;
  nowMs: number;
  ref?: string;
  utm_source?: string;
  freeLoadTokens?: number;
}): WorkspaceRecord {
  const { owner, isHome } = input;
  return {
    _id: owner.userId,
    uid: owner.userId,
    ownerUserId: owner.userId,
    email: owner.email,
    region: input.region,
    joinedAt: Math.floor(input.nowMs / 1000),
    loadTokens: isHome ? (input.freeLoadTokens ?? WORKSPACE_DEFAULTS.newUserFreeLoadTokens) : 0,
    // When the free credits were given; the other region's record never gets any.
    freeLTsTS: isHome ? input.nowMs : WORKSPACE_DEFAULTS.freeLTsTS,
    hasEverPaid: false,
    workspaceName: input.workspaceName,
    workspaceSecret: input.workspaceSecret,
    workspaceEmails: [owner.email],
    ...(isHome && input.ref ? { referredFrom: input.ref } : {}),
    internal: {
      isNewUser: isHome,
      isAgentOnboardingDone: false,
      ...(isHome && input.utm_source ? { utm_source: input.utm_source } : {}),
    },
  };
}

/** A workspace made from the switcher: no credits, the creator the only member. */
export function switcherWorkspace(input: {
  uid: string;
  creator: WorkspaceOwner;
  region: Region;
  workspaceName: string;
  workspacePhotoURL?: string;
  workspaceSecret: string;
  nowMs: number;
}): WorkspaceRecord {
  return {
    _id: input.uid,
    uid: input.uid,
    ownerUserId: input.creator.userId,
    email: input.creator.email,
    region: input.region,
    joinedAt: Math.floor(input.nowMs / 1000),
    loadTokens: WORKSPACE_DEFAULTS.newWorkspaceLoadTokens,
    freeLTsTS: WORKSPACE_DEFAULTS.freeLTsTS,
    hasEverPaid: false,
    workspaceName: input.workspaceName,
    ...(input.workspacePhotoURL ? { workspacePhotoURL: input.workspacePhotoURL } : {}),
    workspaceSecret: input.workspaceSecret,
    workspaceEmails: [input.creator.email],
    internal: {},
  };
}

/** The workspace as the API shows it: no storage or ownership internals. */
export function workspaceView(record: WorkspaceRecord): Workspace {
  const { _id, _outbox, _outboxAt, _outboxLease, ownerUserId, deletedAt, ...view } = record;
  return view;
}

export const isPersonal = (record: Pick<WorkspaceRecord, 'uid' | 'ownerUserId'>) => record.uid === record.ownerUserId;

/** One switcher entry; the secret only for members. */
export function workspaceSummary(record: WorkspaceRecord, user: WorkspaceOwner): WorkspaceSummary {
  const member = record.ownerUserId === user.userId || includesEmail(record.workspaceEmails, user.email);
  return {
    uid: record.uid,
    region: record.region,
    workspaceName: record.workspaceName,
    ...(record.workspacePhotoURL ? { workspacePhotoURL: record.workspacePhotoURL } : {}),
    isOwn: record.uid === user.userId,
    ...(member ? { secret: record.workspaceSecret } : {}),
  };
}

/** The shell sends a new user to /onboarding until one of their own workspaces has finished it. */
export const needsOnboarding = (records: readonly WorkspaceRecord[], userId: string) =>
  !records.some((record) => record.uid === userId && record.internal?.isAgentOnboardingDone === true);

/**
 * The fields a save changes. Internal flags are set one by one so a save never wipes the
 * internal fields it does not carry (plan, billing, trial).
 */
export function saveChanges(body: SaveWorkspaceRequest): { set: Record<string, unknown>; changedFields: string[] } {
  const { internal, ...top } = body;
  const set: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(top)) if (value !== undefined) set[key] = value;
  for (const [key, value] of Object.entries(internal ?? {})) if (value !== undefined) set[`internal.${key}`] = value;
  return { set, changedFields: Object.keys(set) };
}

/** What a deleted workspace keeps: its identity and the events still waiting to go out. */
const TOMBSTONE_KEEPS = new Set(['_id', 'uid', 'region', '_outbox', '_outboxAt', '_outboxLease']);
const CONTRACT_FIELDS = Object.keys((workspaceSchema.describe() as { keys?: Record<string, unknown> }).keys ?? {});

/**
 * The $unset that turns a workspace into a tombstone: every field it was seen with plus every
 * field of the contract (a save racing the delete may have added one). An update rather than a
 * replace, so events queued by earlier writes and not yet relayed survive.
 */
export function tombstoneUnset(seen: WorkspaceRecord): Record<string, ''> {
  const fields = new Set([...Object.keys(seen), ...CONTRACT_FIELDS, 'ownerUserId']);
  return Object.fromEntries([...fields].filter((field) => !TOMBSTONE_KEEPS.has(field)).map((field) => [field, '' as const]));
}
