import Joi from 'joi';
import { documentId } from '@platform/contracts';
import type { RouteSpec } from '@platform/kit';
import type { AgentPolicy } from '../usecases/access';

/** A route of this service: its member and agent rules name workspaces and agents as the access use case reads them. */
export type AgentRouteSpec = RouteSpec<AgentPolicy>;

/** Agent ids: 16 characters for new agents, any document id for older ones. */
export const agentParams = Joi.object({ agentId: documentId().required() });
export const versionParams = agentParams.keys({ versionId: documentId().required() });
