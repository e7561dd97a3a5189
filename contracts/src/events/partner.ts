import Joi from 'joi';
import { publicAgentSchema, type AgentSettings } from '../entities/agent';
import { agencySchema, type Agency } from '../entities/agency';
import { channelConnectionSchema, type ChannelConnection } from '../entities/channels';
import { documentId, email, hostname, name } from '../entities/common';

/** new-agent: the created agent, secrets removed (see stripAgentSecrets). */
export interface NewAgentEventData {
  agent: AgentSettings & { ID: string };
}
export const newAgentEventDataSchema = Joi.object<NewAgentEventData, true>({
  agent: (publicAgentSchema.keys({ ID: documentId().required() }) as Joi.ObjectSchema<NewAgentEventData['agent']>).required(),
});

/** new-channel-connection: {agentId, agentType, channelId, channelType}. */
export type NewChannelConnectionEventData = ChannelConnection;
export const newChannelConnectionEventDataSchema = channelConnectionSchema;

/** The agency owner as partners see them. */
export interface PartnerUser {
  uid: string;
  email?: string;
  displayName?: string;
}
/** new-agency-subdomain: {agency, user, domain}; the agency without its secret. */
export interface NewAgencySubdomainEventData {
  agency: Omit<Agency, 'secret'> & { ID: string };
  user: PartnerUser;
  domain: string;
}
export const newAgencySubdomainEventDataSchema = Joi.object<NewAgencySubdomainEventData, true>({
  agency: (
    agencySchema.keys({ ID: documentId().required(), secret: Joi.forbidden() }) as Joi.ObjectSchema<NewAgencySubdomainEventData['agency']>
  ).required(),
  user: Joi.object<PartnerUser, true>({ uid: documentId().required(), email: email(), displayName: name().allow('') }).required(),
  domain: hostname().required(),
});
