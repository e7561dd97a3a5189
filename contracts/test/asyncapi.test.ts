import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import Ajv, { type ValidateFunction } from 'ajv';
import addFormats from 'ajv-formats';
import specSchema from '@asyncapi/specs/schemas/2.6.0.json';
import { load } from 'js-yaml';
import { EVENT_CATALOG, TOPICS, allTopics, validateEvent, type EventType } from '@platform/contracts';
import { sampleEvents } from './samples';

interface Ref {
  $ref: string;
}
interface Message {
  name: string;
  payload: Ref;
}
interface Channel {
  bindings: { kafka: { topic: string; partitions: number } };
  subscribe: { message: Ref | { oneOf: Ref[] } };
}
interface AsyncApiDocument {
  asyncapi: string;
  channels: Record<string, Channel>;
  components: { messages: Record<string, Message>; schemas: Record<string, unknown> };
}

const documentPath = join(__dirname, '..', 'asyncapi.yaml');
const document = load(readFileSync(documentPath, 'utf8')) as AsyncApiDocument;

/** Follows a local '#/a/b' reference inside the document. */
function resolve<T>(ref: Ref): T {
  return ref.$ref
    .replace(/^#\//, '')
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], document) as T;
}

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
// The payload schemas refer to each other as '#/components/schemas/...': register them under one root.
ajv.addSchema({ $id: 'asyncapi', components: { schemas: document.components.schemas } });

/** The payload validator of the message that the event type's channel declares for it. */
function payloadValidator(type: EventType): ValidateFunction {
  const topic = EVENT_CATALOG[type].topic;
  const declared = document.channels[topic].subscribe.message;
  const messages = ('oneOf' in declared ? declared.oneOf : [declared]).map((ref) => resolve<Message>(ref));
  const message = messages.find((candidate) => candidate.name === type);
  if (!message) throw new Error(`no message ${type} on channel ${topic}`);
  const validator = ajv.getSchema(`asyncapi${message.payload.$ref}`);
  if (!validator) throw new Error(`payload schema ${message.payload.$ref} not found`);
  return validator;
}

/** What a consumer receives: the event after a JSON round trip. */
const asJson = (event: unknown) => JSON.parse(JSON.stringify(event));

describe('asyncapi.yaml', () => {
  it('is a valid AsyncAPI 2.6 document', () => {
    // the spec schema carries its own copy of the draft-07 meta-schema
    const specAjv = new Ajv({ allErrors: true, strict: false, validateSchema: false, meta: false });
    addFormats(specAjv);
    const validate = specAjv.compile(specSchema);
    expect(validate(document) ? [] : validate.errors).toEqual([]);
    expect(document.asyncapi).toBe('2.6.0');
    // and the check has teeth
    expect(validate({ ...document, asyncapi: '9.9.9' })).toBe(false);
    expect(validate({ ...document, channels: { broken: { subscribe: { message: 'not a message' } } } })).toBe(false);
  });

  it('has a channel for every topic and a topic for every channel', () => {
    const channelNames = Object.keys(document.channels).sort();
    expect(channelNames).toEqual(allTopics().map((topic) => topic.name).sort());
    for (const topic of Object.values(TOPICS)) expect(channelNames).toContain(topic.name);
  });

  it('declares the same partitions as the topic list', () => {
    for (const topic of allTopics()) {
      expect(document.channels[topic.name].bindings.kafka).toMatchObject({ topic: topic.name, partitions: topic.partitions });
    }
  });

  it('accepts every valid sample event that the joi schemas accept', () => {
    for (const event of sampleEvents()) {
      expect(validateEvent(event).error).toBeUndefined();
      const validate = payloadValidator(event.type);
      expect(validate(asJson(event)) ? [] : validate.errors).toEqual([]);
    }
  });

  it('rejects, like the joi schemas, events that break the contract', () => {
    const [newAgent, connection, subdomain, message, credits, email] = sampleEvents() as unknown as Record<string, any>[];
    const sample = (type: EventType) => sampleEvents().find((event) => event.type === type) as unknown as Record<string, any>;
    const rotated = sample('credentials.workspace-secret-rotated');
    const sessionEnded = sample('credentials.session-ended');
    const broken: [string, Record<string, any>][] = [
      ['secret in new-agent', { ...newAgent, data: { agent: { ...newAgent.data.agent, SECRET_API_KEY: 'vg_' + 'a'.repeat(20) } } }],
      ['nested secret in new-agent', { ...newAgent, data: { agent: { ...newAgent.data.agent, flowise: { webhookSecret: 's' } } } }],
      ['agent without ID', { ...newAgent, data: { agent: { title: 'x' } } }],
      ['unknown region', { ...connection, region: 'us' }],
      ['id not a uuid', { ...connection, id: 'event-1' }],
      ['version 0', { ...connection, version: 0 }],
      ['extra envelope field', { ...connection, partition: 1 }],
      ['unknown channel type', { ...connection, data: { ...connection.data, channelType: 'fax' } }],
      ['missing channelId', { ...connection, data: { ...connection.data, channelId: undefined } }],
      ['agency with its secret', { ...subdomain, data: { ...subdomain.data, agency: { ...subdomain.data.agency, secret: 'a'.repeat(25) } } }],
      ['domain that is not a hostname', { ...subdomain, data: { ...subdomain.data, domain: 'not a host' } }],
      ['message without sender', { ...message, data: { ...message.data, senderId: undefined } }],
      ['negative credits', { ...credits, data: { ...credits.data, amount: -1 } }],
      ['e-mail notification without recipients', { ...email, data: { ...email.data, to: undefined } }],
      ['channel data under the new-agent type', { ...connection, type: 'new-agent' }],
      ['a secret in a revocation', { ...rotated, data: { ...rotated.data, workspaceSecret: 'vg_' + 'a'.repeat(20) } }],
      ['session revocation without its session', { ...sessionEnded, data: { userId: 'user1' } }],
    ];
    for (const [reason, event] of broken) {
      const received = asJson(event);
      expect({ reason, joiValid: validateEvent(received).error === undefined }).toEqual({ reason, joiValid: false });
      expect({ reason, jsonSchemaValid: payloadValidator(received.type)(received) }).toEqual({ reason, jsonSchemaValid: false });
    }
  });
});
