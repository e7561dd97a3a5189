import Joi from 'joi';
import {
  createWorkspaceRequestSchema,
  deleteWorkspaceRequestSchema,
  documentId,
  inviteToWorkspaceRequestSchema,
  region,
  joinWorkspaceRequestSchema,
  publicUserQuerySchema,
  removeWorkspaceMemberRequestSchema,
  saveWorkspaceRequestSchema,
  workspaceAccessCheckRequestSchema,
  workspaceInviteLinkQuerySchema,
  WORKSPACE_API,
  routeOf,
  type ResponseOf,
} from '@platform/contracts';
import type { WorkspaceRouteSpec } from '../usecases/access';
import { SERVICE_MESSAGES } from '../domain/messages';
import type { InvitationUseCases } from '../usecases/invitations';
import type { WorkspaceUseCases } from '../usecases/workspaces';
import type { WorkspaceAction } from '../domain/access';

const uidParams = Joi.object({ uid: documentId().required() });
/** The workspace of the path, for `action`. */
const pathWorkspace = (action: WorkspaceAction) => (req: { params: Record<string, string> }) => ({ uid: req.params.uid!, action });
/** The switcher may name the region in the body; otherwise the request's region (from the route) is used. */
const createBody = (createWorkspaceRequestSchema as Joi.ObjectSchema).keys({ region: region() });

export function workspaceRoutes(workspaces: WorkspaceUseCases, invitations: InvitationUseCases): WorkspaceRouteSpec[] {
  return [
    {
      ...routeOf(WORKSPACE_API.createWorkspace),
      summary: "New workspace from the switcher, in body.region or the request's region; the creator is the only member",
      access: 'user',
      refusal: { forbidden: SERVICE_MESSAGES.createNeedsUser },
      schemas: { body: createBody },
      success: { status: 201, description: '{success, data: workspace}' },
      failures: [400, 401, 403],
      handler: async (req, res, user) => {
        const { region: bodyRegion, ...body } = req.body;
        res.status(201).json({ success: true, data: await workspaces.create(user, bodyRegion ?? req.region, body) } satisfies ResponseOf<typeof WORKSPACE_API.createWorkspace>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.getWorkspace),
      summary: 'Reads a workspace',
      access: 'member',
      schemas: { params: uidParams },
      workspace: pathWorkspace('read'),
      success: { status: 200, description: '{success, data: workspace}' },
      failures: [400, 401, 403, 404],
      handler: async (_req, res, workspace) => {
        res.json({ success: true, data: workspaces.get(workspace) } satisfies ResponseOf<typeof WORKSPACE_API.getWorkspace>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.saveWorkspace),
      summary: 'Saves the workspace (name required) or workspaceName and internal (onboarding, events endpoint)',
      access: 'member',
      schemas: { params: uidParams, body: saveWorkspaceRequestSchema },
      workspace: pathWorkspace('write'),
      success: { status: 200, description: '{success, data: workspace}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, workspace) => {
        res.json({ success: true, data: await workspaces.save(req.region, workspace, req.body) } satisfies ResponseOf<typeof WORKSPACE_API.saveWorkspace>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.deleteWorkspace),
      summary: "Deletes a workspace the user created (never their own); body {confirmation: 'THIS ACTION CANNOT BE UNDONE'}",
      // The rule refuses the workspace secret: only the signed-in creator deletes.
      access: 'member',
      schemas: { params: uidParams, body: deleteWorkspaceRequestSchema },
      workspace: pathWorkspace('delete'),
      success: { status: 200, description: '{success}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, workspace) => {
        await workspaces.remove(req.region, workspace);
        res.json({ success: true } satisfies ResponseOf<typeof WORKSPACE_API.deleteWorkspace>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.removeWorkspaceMember),
      summary: 'Removes a member (not oneself, not the owner)',
      access: 'member',
      schemas: { params: uidParams, body: removeWorkspaceMemberRequestSchema },
      workspace: pathWorkspace('remove-member'),
      success: { status: 200, description: '{success, data: workspace}' },
      failures: [400, 401, 403, 404],
      handler: async (req, res, workspace) => {
        res.json({ success: true, data: await workspaces.removeMember(req.region, workspace, req.body.email) } satisfies ResponseOf<typeof WORKSPACE_API.removeWorkspaceMember>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.inviteToWorkspace),
      summary: 'E-mails an invitation with the magic link /no-auth/workspaces/{uid}/invite?secret=...&email=...',
      access: 'member',
      schemas: { params: uidParams, body: inviteToWorkspaceRequestSchema },
      workspace: pathWorkspace('invite'),
      success: { status: 200, description: '{success, data: {email, link}}' },
      failures: [400, 401, 403, 404, 409, 429, 502],
      handler: async (req, res, workspace) => {
        res.json({ success: true, data: await invitations.invite(req.region, workspace, req.body) } satisfies ResponseOf<typeof WORKSPACE_API.inviteToWorkspace>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.joinWorkspace),
      summary: 'Joins with the magic link: the invited person, signed in with the invited e-mail, posts {email}',
      access: 'user',
      refusal: { forbidden: SERVICE_MESSAGES.noAccess },
      schemas: { params: uidParams, query: workspaceInviteLinkQuerySchema, body: joinWorkspaceRequestSchema },
      success: { status: 200, description: '{success, data: workspace summary with its secret}' },
      failures: [400, 401, 403, 404, 409],
      handler: async (req, res, user) => {
        const link = req.query as unknown as { secret: string; email: string };
        res.json({ success: true, data: await invitations.join(user, req.params.uid!, req.region, link, req.body.email) } satisfies ResponseOf<typeof WORKSPACE_API.joinWorkspace>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.getPublicUser),
      summary: 'hasEverPaid and public flags; workspaceSecret and all internal data only for members',
      access: 'public',
      schemas: { params: Joi.object({ userId: documentId().required() }), query: publicUserQuerySchema },
      success: { status: 200, description: '{success, data: {workspaceSecret?, hasEverPaid, internal}}' },
      failures: [400, 404],
      handler: async (req, res) => {
        res.json({ success: true, data: await workspaces.publicUser(req.identity, req.region, req.params.userId!) } satisfies ResponseOf<typeof WORKSPACE_API.getPublicUser>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.verifyCredential),
      summary: 'Gateway only: which workspace a vg_ secret belongs to (request region), or whose live session a session JWT is',
      access: 'gateway',
      refusal: { forbidden: SERVICE_MESSAGES.gatewayOnly },
      schemas: { body: Joi.object({ credential: Joi.string().max(4096).required() }) },
      success: { status: 200, description: "{success, identity: {kind:'workspace', workspaceId, region} or {kind:'user', userId, email, sessionId}}" },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        res.json({ success: true, identity: await workspaces.verifyCredential(req.region, req.body.credential) } satisfies ResponseOf<typeof WORKSPACE_API.verifyCredential>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.checkWorkspaceAccess),
      summary: 'Services only (gateway-signed): whether a person (e-mail, optional user id) is a member of a workspace of the request region',
      access: 'gateway',
      refusal: { forbidden: SERVICE_MESSAGES.internalOnly },
      schemas: { body: workspaceAccessCheckRequestSchema },
      success: { status: 200, description: '{success, isMember}' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        res.json({ success: true, isMember: await workspaces.checkAccess(req.region, req.body) } satisfies ResponseOf<typeof WORKSPACE_API.checkWorkspaceAccess>);
      },
    },
    {
      ...routeOf(WORKSPACE_API.getEventsTarget),
      summary: "Services only (gateway-signed): the workspace's events endpoint, subscribed events, secret (the delivery's signing key) and member e-mails",
      access: 'gateway',
      refusal: { forbidden: SERVICE_MESSAGES.internalOnly },
      schemas: { params: uidParams },
      success: { status: 200, description: '{success, target: {endpoint?, subscribedEvents, workspaceSecret, workspaceEmails}}' },
      failures: [400, 403, 404],
      handler: async (req, res) => {
        res.json({ success: true, target: await workspaces.eventsTarget(req.region, req.params.uid!) } satisfies ResponseOf<typeof WORKSPACE_API.getEventsTarget>);
      },
    },
  ];
}
