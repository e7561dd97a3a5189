import Joi from 'joi';
import { documentId } from '@platform/contracts';

/** Agent ids: 16 characters for new agents, any document id for older ones. */
export const agentParams = Joi.object({ agentId: documentId().required() });
export const versionParams = agentParams.keys({ versionId: documentId().required() });
