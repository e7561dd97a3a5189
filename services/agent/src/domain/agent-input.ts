import Joi from 'joi';
import {
  AGENT_API_MESSAGES,
  VG_STARTER_DEFAULTS,
  VOICE_CONFIG_DEFAULT,
  agentDraftSchema,
  agentSettingsSchema,
  googleBusinessChannelRequestSchema,
  saveAgentRequestSchema,
  type AgentDraft,
  type AgentSettings,
} from '@platform/contracts';
import { clone, deepMerge, invalidFieldName, type JsonObject } from './json';

/** A checked agent body, or the problem (the raw error text the answer's `error` field carries). */
export type AgentInput<T> = { agent: T; problem?: undefined } | { agent?: undefined; problem: string };

/**
 * Channel connection fields on the agent document (agents-channels-domains §3). A body made
 * only of these (plus lastModified) is a channel save (WhatsApp with the workspace secret,
 * Google Business with the agent key): it is merged into the agent instead of replacing it.
 */
export const CHANNEL_FIELDS = [
  'whatsappToken',
  'whatsappNumberId',
  'whatsappBusniessId',
  'waTestNumber',
  'waVerifyPassed',
  'gcloudClientEmail',
  'gcloudPrivateKey',
  'smartInit',
  'vapi',
] as const;

export function isChannelSave(body: JsonObject): boolean {
  const keys = Object.keys(body).filter((key) => key !== 'lastModified');
  return keys.length > 0 && keys.every((key) => (CHANNEL_FIELDS as readonly string[]).includes(key));
}

const OPTIONS: Joi.ValidationOptions = { abortEarly: true, errors: { wrap: { label: false } } };
// The options applied to each schema once: joi merges options given to validate() on every call
// (~20 µs of a save's ~90 µs validation), a schema carrying them as preferences does not.
const NEW_AGENT = agentDraftSchema.prefs(OPTIONS);
const SAVED_AGENT = saveAgentRequestSchema.prefs(OPTIONS);
const AGENT_SETTINGS = agentSettingsSchema.prefs(OPTIONS);
const GOOGLE_BUSINESS = googleBusinessChannelRequestSchema.prefs(OPTIONS);

function check<T>(schema: Joi.Schema, body: JsonObject, agentId: string, saved: JsonObject = body): AgentInput<T> {
  if (body.ID !== undefined && body.ID !== agentId) return { problem: AGENT_API_MESSAGES.idMismatch };
  const bad = invalidFieldName(body);
  if (bad) return { problem: AGENT_API_MESSAGES.invalidFieldName(bad) };
  const { value, error } = schema.validate({ ...body, ID: agentId });
  return error ? { problem: error.details[0]?.message ?? error.message } : withGoogleBusinessRules(value as T & JsonObject, saved);
}

/**
 * Google Business's fields follow the spec's rules wherever they are saved (agents-channels-domains
 * §5): when a save carries either, the e-mail must contain '@' and the key is required ('Please
 * fill in the required fields.'), and newlines in the key become commas. A save that clears both
 * (or carries neither) is left alone.
 */
function withGoogleBusinessRules<T extends JsonObject>(agent: T, saved: JsonObject): AgentInput<T> {
  if (!saved.gcloudClientEmail && !saved.gcloudPrivateKey) return { agent };
  const { value, error } = GOOGLE_BUSINESS.validate({ gcloudClientEmail: agent.gcloudClientEmail, gcloudPrivateKey: agent.gcloudPrivateKey });
  return error ? { problem: error.details[0]?.message ?? error.message } : { agent: { ...agent, ...value } };
}

/** Starter defaults apply to 'vg' agents without nodes (enableNodes defaults to true). */
export const usesStarterDefaults = (agent: { agentPlatform?: unknown; enableNodes?: unknown }) =>
  (agent.agentPlatform ?? 'vg') === 'vg' && agent.enableNodes === false;

/**
 * A new agent, however it is created (the New Agent drawer's draft, an API caller's body, a
 * template, an imported file): the spec's draft defaults for whatever is left out (the schema's
 * defaults, and the voice configuration key by key), and for 'vg' agents without nodes the
 * starter defaults under what the caller sent (the caller's values win; the starter
 * transcriber threshold replaces the draft's 50).
 */
export function checkNewAgent(body: JsonObject, agentId: string): AgentInput<AgentDraft> {
  const draft = clone({ voiceConfig: VOICE_CONFIG_DEFAULT }) as JsonObject;
  const base = usesStarterDefaults(body) ? deepMerge(draft, clone(VG_STARTER_DEFAULTS)) : draft;
  return check<AgentDraft>(NEW_AGENT, deepMerge(base, body), agentId);
}

/** A save of an existing agent: the whole agent plus lastModified. */
export const checkSavedAgent = (body: JsonObject, agentId: string) => check<AgentSettings>(SAVED_AGENT, body, agentId);

/** A channel save: its fields replace the stored agent's, then the whole is checked as agent settings. */
export function checkChannelSave(stored: JsonObject, body: JsonObject, agentId: string): AgentInput<AgentSettings> {
  const { lastModified: _ignored, ...fields } = body;
  return check<AgentSettings>(AGENT_SETTINGS, { ...stored, ...fields }, agentId, fields);
}

/**
 * Fields only the platform sets, whatever a save body says: waVerifyPassed is true once Meta's
 * handshake reached the agent's webhook, so a caller cannot claim a verification.
 */
export function keepPlatformFields<T extends { waVerifyPassed?: boolean }>(agent: T, stored: { waVerifyPassed?: boolean }): T {
  const { waVerifyPassed: _claimed, ...rest } = agent;
  return (stored.waVerifyPassed === undefined ? rest : { ...rest, waVerifyPassed: stored.waVerifyPassed }) as T;
}
