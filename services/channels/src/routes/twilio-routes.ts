import Joi from 'joi';
import {
  TWILIO_API,
  TWILIO_MESSAGES,
  assignTwilioNumberRequestSchema,
  buyTwilioNumberRequestSchema,
  documentId,
  importTwilioNumberRequestSchema,
  routeOf,
  searchTwilioNumbersQuerySchema,
  type ResponseOf,
  type SearchTwilioNumbersQuery,
} from '@platform/contracts';
import type { TwilioNumberUseCases } from '../usecases/twilio-numbers';
import type { TwilioVoiceWebhook } from '../usecases/twilio-voice';
import type { ChannelsRouteSpec } from './params';

const workspaceParams = Joi.object({ workspaceId: documentId().required() });
const numberParams = Joi.object({ workspaceId: documentId().required(), numberId: documentId().required() });
const inWorkspace = (req: { params: Record<string, string> }) => ({ workspaceId: req.params.workspaceId! });

/** The workspace's Twilio numbers (members of the workspace only) and Twilio's voice webhook. */
export function twilioRoutes(numbers: TwilioNumberUseCases, voice: TwilioVoiceWebhook): ChannelsRouteSpec[] {
  return [
    {
      ...routeOf(TWILIO_API.listTwilioNumbers),
      summary: "The workspace's Twilio numbers, its agents, and its phone number slots (bought numbers against the plan's twilioPhoneNumberSlots)",
      access: 'member',
      schemas: { params: workspaceParams },
      workspace: inWorkspace,
      success: { status: 200, description: 'TwilioNumbersResponse {success, data: {numbers, agents, slots: {used, total}}}' },
      failures: [400, 401, 403, 503],
      handler: async (req, res, grant) => {
        res.json({ success: true, data: await numbers.list(req.region, grant) } satisfies ResponseOf<typeof TWILIO_API.listTwilioNumbers>);
      },
    },
    {
      ...routeOf(TWILIO_API.searchTwilioNumbers),
      summary: 'Numbers Twilio offers in a country, by area code or digits (AvailablePhoneNumbers/{country}/Local)',
      access: 'member',
      schemas: { params: workspaceParams, query: searchTwilioNumbersQuerySchema },
      workspace: inWorkspace,
      success: { status: 200, description: 'AvailableTwilioNumbersResponse' },
      failures: [400, 401, 403, 502],
      handler: async (req, res) => {
        res.json({ success: true, data: await numbers.search(req.query as unknown as SearchTwilioNumbersQuery) } satisfies ResponseOf<typeof TWILIO_API.searchTwilioNumbers>);
      },
    },
    {
      ...routeOf(TWILIO_API.buyTwilioNumber),
      summary: "Buys a number on the platform's Twilio account; 402 when the plan's phone number slots are all used",
      access: 'member',
      schemas: { params: workspaceParams, body: buyTwilioNumberRequestSchema },
      workspace: inWorkspace,
      success: { status: 201, description: 'TwilioNumberResponse' },
      failures: [400, 401, 402, 403, 502, 503],
      handler: async (req, res, grant) => {
        const data = await numbers.buy(req.region, grant.workspaceId, req.body.phoneNumber);
        res.status(201).json({ success: true, message: TWILIO_MESSAGES.numberBought(data.phoneNumber), data } satisfies ResponseOf<typeof TWILIO_API.buyTwilioNumber>);
      },
    },
    {
      ...routeOf(TWILIO_API.importTwilioNumber),
      summary: "Imports a number of the workspace's own Twilio account (the Account SID and Auth Token must open it; the token is sealed and never returned)",
      access: 'member',
      schemas: { params: workspaceParams, body: importTwilioNumberRequestSchema },
      workspace: inWorkspace,
      success: { status: 201, description: 'TwilioNumberResponse' },
      failures: [400, 401, 403, 502],
      handler: async (req, res, grant) => {
        const data = await numbers.import(req.region, grant.workspaceId, req.body);
        res.status(201).json({ success: true, message: TWILIO_MESSAGES.numberImported(data.phoneNumber), data } satisfies ResponseOf<typeof TWILIO_API.importTwilioNumber>);
      },
    },
    {
      ...routeOf(TWILIO_API.assignTwilioNumber),
      summary: "Assigns the number to an agent of the workspace (its VoiceUrl becomes the platform's voice webhook) or unassigns it (agentId null)",
      access: 'member',
      schemas: { params: numberParams, body: assignTwilioNumberRequestSchema },
      workspace: inWorkspace,
      success: { status: 200, description: 'TwilioNumberResponse' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, grant) => {
        const data = await numbers.assign(req.region, grant, req.params.numberId!, req.body.agentId);
        res.json({ success: true, message: data.agentId ? TWILIO_MESSAGES.numberAssigned : TWILIO_MESSAGES.numberUnassigned, data } satisfies ResponseOf<typeof TWILIO_API.assignTwilioNumber>);
      },
    },
    {
      ...routeOf(TWILIO_API.releaseTwilioNumber),
      summary: "Releases the number: a bought one goes back to Twilio and frees its slot; an imported one stays on the workspace's account with its VoiceUrl cleared",
      access: 'member',
      schemas: { params: numberParams },
      workspace: inWorkspace,
      success: { status: 200, description: 'TwilioNoticeResponse' },
      failures: [400, 401, 403, 404, 502],
      handler: async (req, res, grant) => {
        const phoneNumber = await numbers.release(req.region, grant.workspaceId, req.params.numberId!);
        res.json({ success: true, message: TWILIO_MESSAGES.numberReleased(phoneNumber) } satisfies ResponseOf<typeof TWILIO_API.releaseTwilioNumber>);
      },
    },
    {
      ...routeOf(TWILIO_API.twilioVoiceWebhook),
      summary: "Twilio's inbound call (public; X-Twilio-Signature with the number's account token over this URL and the form, else 401): TwiML",
      access: 'public',
      schemas: { params: Joi.object({ numberId: documentId().required() }), body: Joi.any() },
      success: { status: 200, description: 'text/xml: TwiML' },
      failures: [400, 401],
      handler: async (req, res) => {
        const params = Object.fromEntries(new URLSearchParams(req.rawBody?.toString('utf8') ?? ''));
        const signature = req.headers['x-twilio-signature'];
        const twiml = await voice.answer(req.region, req.params.numberId!, params, typeof signature === 'string' ? signature : undefined);
        res.type('text/xml').send(twiml);
      },
    },
  ];
}
