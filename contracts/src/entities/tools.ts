import Joi from 'joi';
import { TOOL_FIELD_LOCATIONS, TOOL_FIELD_TYPES } from '../constants/agent';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, freeObject, name, optionalUrl, text, timestamp, url } from './common';

export type ToolFieldValue = string | number | boolean | Record<string, unknown>;
const toolFieldValue = () => Joi.alternatives().try(text(TEXT_LIMITS.longText), Joi.number(), Joi.boolean(), freeObject());

/** An argument of a voice tool, sent in the query, body or a header. */
export interface ToolField {
  in?: (typeof TOOL_FIELD_LOCATIONS)[number];
  key?: string;
  value?: ToolFieldValue;
  defaultValue?: ToolFieldValue;
  type?: (typeof TOOL_FIELD_TYPES)[number];
  description?: string;
  required?: boolean;
}
export const toolFieldSchema = Joi.object<ToolField, true>({
  in: Joi.string().valid(...TOOL_FIELD_LOCATIONS),
  key: Joi.string().max(TEXT_LIMITS.name),
  value: toolFieldValue(),
  defaultValue: toolFieldValue(),
  type: Joi.string().valid(...TOOL_FIELD_TYPES),
  description: text(TEXT_LIMITS.shortText),
  required: Joi.boolean(),
});

/** A voice tool; id, name and description are required and serverUrl must be a valid URL. */
export interface Tool {
  id: string;
  name: string;
  description: string;
  imageUrl?: string;
  fields?: ToolField[];
  serverUrl?: string;
  serverUrlSecret?: string;
  userId?: string;
  createdAt?: number;
  updatedAt?: number;
}
export const toolSchema = Joi.object<Tool, true>({
  id: documentId().required(),
  name: name().required(),
  description: Joi.string().max(TEXT_LIMITS.longText).required(),
  imageUrl: optionalUrl(),
  fields: Joi.array().items(toolFieldSchema).max(100),
  serverUrl: url(),
  serverUrlSecret: text(TEXT_LIMITS.token),
  userId: documentId(),
  createdAt: timestamp(),
  updatedAt: timestamp(),
});

/** A voice tool as the Functions page lists it: where it is defined and which host it calls (never its secret). */
export interface WorkspaceFunctionView {
  agentId: string;
  agentTitle?: string;
  /** the agent's Tools tab edits it; with nodes on, its Canvas */
  editIn: 'tools' | 'nodes';
  id: string;
  name: string;
  description: string;
  /** the host of its serverUrl; absent when none is set */
  host?: string;
  fields: number;
  updatedAt?: number;
}
export interface WorkspaceFunctionsResponse {
  success: true;
  data: WorkspaceFunctionView[];
}

/** Test call of a voice tool: the tool's fields become a name/value argument map. */
export interface VoiceToolTestRequest {
  tool: Tool;
}
export const voiceToolTestRequestSchema = Joi.object<VoiceToolTestRequest, true>({ tool: toolSchema.required() });

/** Name/value arguments of a tool's fields: each field's value, else its default. */
export function toolArguments(fields: ToolField[] = []): Record<string, ToolFieldValue> {
  const args: Record<string, ToolFieldValue> = {};
  for (const field of fields) {
    const value = field.value ?? field.defaultValue;
    if (field.key && value !== undefined) args[field.key] = value;
  }
  return args;
}
