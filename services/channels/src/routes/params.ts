import Joi from 'joi';
import { documentId } from '@platform/contracts';
import type { ClientRouteRule, RouteSpec } from '@platform/kit';
import type { ChannelsPolicy } from '../usecases/access';

export type ChannelsRouteSpec = RouteSpec<ChannelsPolicy>;

export const agentParams = Joi.object({ agentId: documentId().required() });
/** The agent a procedure's body names (`agentId`, or Discord's `agentID`). */
export const agentInBody = (field: 'agentId' | 'agentID') => (req: { body: Record<string, string> }) => ({ agentId: req.body[field]! });
/** The per-agent channel routes serve the client dashboard's Channels page too: clients whose access names /channels (ADR 0037). */
export const CHANNELS_PAGE: ClientRouteRule = { page: 'channels' };
/** The agent an agency client's Meta sign-in helper names (optional in the body: a member's call names none; ADR 0040). */
export const agentNamedInBody = (req: { body: { agentId?: string } }) => (req.body.agentId ? { agentId: req.body.agentId } : undefined);
