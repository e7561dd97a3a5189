import Joi from 'joi';
import { TEXT_LIMITS } from '../constants/text-limits';
import { documentId, freeObject, region, type JsonObject, type Region } from '../entities/common';

/**
 * Every Kafka message: a versioned JSON envelope. `id` deduplicates (consumers are
 * idempotent), `version` is the data shape's version for its type.
 */
export interface EventEnvelope<TType extends string = string, TData = JsonObject> {
  id: string;
  type: TType;
  version: number;
  /** ISO 8601 */
  occurredAt: string;
  region: Region;
  workspaceId: string;
  data: TData;
}

const envelopeKeys = {
  id: Joi.string().guid().required(),
  type: Joi.string().max(TEXT_LIMITS.name).pattern(/^[a-z0-9][a-z0-9.-]*$/).required(),
  version: Joi.number().integer().min(1).required(),
  occurredAt: Joi.string().isoDate().required(),
  region: region().required(),
  workspaceId: documentId().required(),
};

/** Any event: the envelope, data an object. */
export const eventEnvelopeSchema = Joi.object<EventEnvelope, true>({ ...envelopeKeys, data: freeObject().required() });

/** The envelope of one event type with its data schema. */
export function eventSchemaOf<TType extends string, TData>(type: TType, dataSchema: Joi.ObjectSchema<TData>) {
  return Joi.object<EventEnvelope<TType, TData>>({
    ...envelopeKeys,
    type: Joi.string().valid(type).required(),
    data: dataSchema.required(),
  });
}
