import {
  MESSAGES,
  WORKSPACE_SECRET_PATTERN,
  newWorkspaceSecret,
  newWorkspaceUid,
  removeWorkspaceMemberRequestSchema,
  type CreateWorkspaceRequest,
  type EventsTargetResponse,
  type PublicUserResponse,
  type Region,
  type SecretIdentity,
  type SessionIdentity,
  type SaveWorkspaceRequest,
  type Workspace,
  type WorkspaceAccessCheckRequest,
} from '@platform/contracts';
import { HttpError, badRequest, catalogOutboxEntry, forbidden, isWorkspaceSecretOf, notFound, regionsFrom, type Identity, type UserCaller } from '@platform/kit';
import { authorize, isMember, type WorkspaceAction } from '../domain/access';
import { includesEmail, normalizeEmail, sameEmail } from '../domain/emails';
import { isPublicHttpUrl } from '../domain/events-endpoint';
import { SERVICE_MESSAGES } from '../domain/messages';
import { publicUserData } from '../domain/public-user';
import { saveChanges, switcherWorkspace, workspaceView, type WorkspaceRecord } from '../domain/workspace-record';
import { workspaceEvent } from '../events/workspace-events';
import { assertValid, type UseCaseDeps } from './deps';
import { SessionUseCases } from './sessions';

export interface AuthorizedWorkspace {
  workspace: WorkspaceRecord;
  /** who acts: the user, or the workspace owner when the workspace secret is used */
  actorEmail: string;
  actorIsUser: boolean;
}

/** Workspaces of the request's region: create, read, save, delete, members, and credential checks. */
export class WorkspaceUseCases {
  private readonly sessions: SessionUseCases;

  constructor(private readonly deps: UseCaseDeps) {
    this.sessions = new SessionUseCases(deps);
  }

  /** The member routes' ownership check (run by the kit): loads a live workspace and checks the caller may do `action` on it. */
  async load(identity: Identity, region: Region, uid: string, action: WorkspaceAction): Promise<AuthorizedWorkspace> {
    const workspace = await this.deps.workspaces.find(region, uid);
    if (!workspace) throw notFound(MESSAGES.workspace.notFound);
    const decision = authorize(identity, workspace, action);
    if (!decision.allowed) throw new HttpError(decision.status, decision.message);
    return { workspace, actorEmail: decision.actorEmail, actorIsUser: decision.actorIsUser };
  }

  /** A new workspace from the switcher, in the request's region. */
  async create(identity: UserCaller, region: Region, body: CreateWorkspaceRequest): Promise<Workspace> {
    const creator = { userId: identity.userId, email: normalizeEmail(identity.email) };
    const record = switcherWorkspace({
      uid: newWorkspaceUid(),
      creator,
      region,
      workspaceName: body.workspaceName,
      workspacePhotoURL: body.workspacePhotoURL,
      workspaceSecret: newWorkspaceSecret(),
      nowMs: this.deps.now().getTime(),
    });
    const event = workspaceEvent('workspace.created', region, record.uid, { uid: record.uid, email: creator.email, workspaceName: record.workspaceName, loadTokens: record.loadTokens ?? 0 });
    await this.deps.workspaces.insert(record, [event]);
    this.deps.eventsWritten();
    return workspaceView(record);
  }

  get({ workspace }: AuthorizedWorkspace): Workspace {
    return workspaceView(workspace);
  }

  /** Saves the editable fields; internal flags are merged, never replaced wholesale. */
  async save(region: Region, { workspace: { uid } }: AuthorizedWorkspace, body: SaveWorkspaceRequest): Promise<Workspace> {
    const endpoint = body.internal?.events?.endpoint;
    if (endpoint && !this.deps.config.allowPrivateWebhookUrls && !isPublicHttpUrl(endpoint)) {
      throw badRequest(SERVICE_MESSAGES.eventsEndpointNotPublic);
    }
    const { set, changedFields } = saveChanges(body);
    const updated = await this.deps.workspaces.update(region, uid, set, [workspaceEvent('workspace.updated', region, uid, { uid, changedFields })]);
    if (!updated) throw notFound(MESSAGES.workspace.notFound);
    this.deps.eventsWritten();
    return workspaceView(updated);
  }

  /** Deletes a workspace its caller created (never their Personal one); its invitations stop working. */
  async remove(region: Region, { workspace }: AuthorizedWorkspace): Promise<void> {
    const { uid } = workspace;
    const deleted = await this.deps.workspaces.tombstone(workspace, [workspaceEvent('workspace.deleted', region, uid, { uid })], this.deps.now());
    if (!deleted) throw notFound(MESSAGES.workspace.notFound);
    await this.deps.invitations.removePending(region, uid);
    this.deps.eventsWritten();
  }

  /** Removes a member (not oneself, not the owner); their pending invitations go too. */
  async removeMember(region: Region, { workspace, actorEmail, actorIsUser }: AuthorizedWorkspace, rawEmail: string): Promise<Workspace> {
    const { uid } = workspace;
    assertValid(removeWorkspaceMemberRequestSchema, { email: rawEmail }, actorIsUser ? { selfEmail: actorEmail } : {});
    const email = normalizeEmail(rawEmail);
    if (sameEmail(email, workspace.email)) throw badRequest(SERVICE_MESSAGES.ownerCannotBeRemoved);
    if (!includesEmail(workspace.workspaceEmails, email)) throw notFound(SERVICE_MESSAGES.notAMember);
    const removed = await this.deps.workspaces.removeMember(region, uid, email, [workspaceEvent('workspace.member-removed', region, uid, { uid, email })]);
    if (!removed) throw notFound(SERVICE_MESSAGES.notAMember);
    await this.deps.invitations.removePending(region, uid, email);
    this.deps.eventsWritten();
    return workspaceView({ ...workspace, workspaceEmails: workspace.workspaceEmails.filter((member) => member !== email) });
  }

  /**
   * GET /public/users/{userId}: looked up in the request's region, then the other. The secret
   * and full internal data only for members and the workspace's own secret.
   */
  async publicUser(identity: Identity, region: Region, userId: string): Promise<PublicUserResponse['data']> {
    for (const candidate of regionsFrom(region)) {
      const record = await this.deps.workspaces.find(candidate, userId);
      if (!record) continue;
      const privileged =
        isWorkspaceSecretOf(identity, record.uid, record.region) ||
        (identity.kind === 'user' && isMember(record, identity));
      return publicUserData(record, privileged);
    }
    throw notFound(MESSAGES.workspace.notFound);
  }

  /** POST /internal/access/check: another service asks whether a person is a member (owner or e-mail listed). */
  async checkAccess(region: Region, body: WorkspaceAccessCheckRequest): Promise<boolean> {
    const record = await this.deps.workspaces.find(region, body.uid);
    if (!record) throw notFound(MESSAGES.workspace.notFound);
    return isMember(record, { userId: body.userId ?? '', email: body.email });
  }

  /** GET /internal/workspaces/{uid}/events-target: the notification service delivers the workspace's events (spec §7). */
  async eventsTarget(region: Region, uid: string): Promise<EventsTargetResponse['target']> {
    const record = await this.deps.workspaces.find(region, uid);
    if (!record) throw notFound(MESSAGES.workspace.notFound);
    const events = record.internal?.events;
    return { endpoint: events?.endpoint || undefined, subscribedEvents: events?.subscribedEvents ?? [], workspaceSecret: record.workspaceSecret, workspaceEmails: record.workspaceEmails };
  }

  /**
   * POST /internal/credentials/verify: the gateway asks whether a `vg_` secret is a workspace's,
   * or whether a session JWT's session still lives (sign-out and new passwords end them).
   */
  async verifyCredential(region: Region, credential: string): Promise<SecretIdentity | SessionIdentity> {
    if (WORKSPACE_SECRET_PATTERN.test(credential)) {
      const record = await this.deps.workspaces.findBySecret(region, credential);
      if (record) return { kind: 'workspace', workspaceId: record.uid, region };
    } else {
      const user = await this.sessions.verify(credential);
      if (user) return user;
    }
    throw notFound(SERVICE_MESSAGES.unknownCredential);
  }

  /**
   * A new workspace secret; the old one is refused from now on. Only a signed-in member may
   * ask (a leaked secret must not be able to mint its successor).
   */
  async rotateSecret(region: Region, { workspace, actorIsUser }: AuthorizedWorkspace): Promise<{ workspaceSecret: string }> {
    if (!actorIsUser) throw forbidden(SERVICE_MESSAGES.rotateNeedsUser);
    const { uid } = workspace;
    const workspaceSecret = newWorkspaceSecret();
    const event = workspaceEvent('workspace.updated', region, uid, { uid, changedFields: ['workspaceSecret'] });
    // Every gateway replica drops its cached verdicts about the old secret when this arrives.
    const revocation = catalogOutboxEntry('credentials.workspace-secret-rotated', { region, workspaceId: uid, data: { uid } });
    if (!(await this.deps.workspaces.update(region, uid, { workspaceSecret }, [event, revocation]))) throw notFound(MESSAGES.workspace.notFound);
    this.deps.eventsWritten();
    return { workspaceSecret };
  }
}
