import type {
  AssignTwilioNumberRequest,
  AvailableTwilioNumber,
  BuyTwilioNumberRequest,
  ImportTwilioNumberRequest,
  SearchTwilioNumbersQuery,
  TwilioNumber,
} from '../entities/telephony';
import { endpoint, type NoQuery, type SuccessResponse } from './endpoint';

type WorkspaceParam = { workspaceId: string };
type NumberParam = { workspaceId: string; numberId: string };

/** The workspace's numbers, its agents (for the assign select) and its slots (bought numbers against twilioPhoneNumberSlots). */
export interface TwilioNumbersResponse extends SuccessResponse {
  data: {
    numbers: TwilioNumber[];
    agents: Array<{ ID: string; title?: string }>;
    slots: { used: number; total: number };
  };
}
export interface AvailableTwilioNumbersResponse extends SuccessResponse {
  data: AvailableTwilioNumber[];
}
export interface TwilioNumberResponse extends SuccessResponse {
  message: string;
  data: TwilioNumber;
}
export interface TwilioNoticeResponse extends SuccessResponse {
  message: string;
}

/** Twilio phone numbers of a workspace (members), and the inbound voice webhook Twilio calls (public, signed). */
export const TWILIO_API = {
  listTwilioNumbers: endpoint<WorkspaceParam, NoQuery, undefined, TwilioNumbersResponse>()({ service: 'channels', operationId: 'listTwilioNumbers', method: 'get', path: '/v2/workspaces/:workspaceId/twilio-numbers' }),
  searchTwilioNumbers: endpoint<WorkspaceParam, SearchTwilioNumbersQuery, undefined, AvailableTwilioNumbersResponse>()({
    service: 'channels',
    operationId: 'searchTwilioNumbers',
    method: 'get',
    path: '/v2/workspaces/:workspaceId/twilio-numbers/available',
  }),
  buyTwilioNumber: endpoint<WorkspaceParam, NoQuery, BuyTwilioNumberRequest, TwilioNumberResponse>()({ service: 'channels', operationId: 'buyTwilioNumber', method: 'post', path: '/v2/workspaces/:workspaceId/twilio-numbers' }),
  importTwilioNumber: endpoint<WorkspaceParam, NoQuery, ImportTwilioNumberRequest, TwilioNumberResponse>()({
    service: 'channels',
    operationId: 'importTwilioNumber',
    method: 'post',
    path: '/v2/workspaces/:workspaceId/twilio-numbers/import',
  }),
  assignTwilioNumber: endpoint<NumberParam, NoQuery, AssignTwilioNumberRequest, TwilioNumberResponse>()({
    service: 'channels',
    operationId: 'assignTwilioNumber',
    method: 'post',
    path: '/v2/workspaces/:workspaceId/twilio-numbers/:numberId/agent',
  }),
  releaseTwilioNumber: endpoint<NumberParam, NoQuery, undefined, TwilioNoticeResponse>()({
    service: 'channels',
    operationId: 'releaseTwilioNumber',
    method: 'delete',
    path: '/v2/workspaces/:workspaceId/twilio-numbers/:numberId',
  }),
  /** Twilio's inbound call webhook (public; X-Twilio-Signature with the number's account token): answers TwiML. */
  twilioVoiceWebhook: endpoint<{ numberId: string }, NoQuery, object, string>()({ service: 'channels', operationId: 'twilioVoiceWebhook', method: 'post', path: '/v2/twilio/voice/:numberId' }),
} as const;

/** Where Twilio asks what to do with a call to the number: the channels API of the number's region. */
export const twilioVoiceWebhookUrl = (publicApiUrl: string, region: string, numberId: string) => `${publicApiUrl}/${region}/channels/v2/twilio/voice/${numberId}`;
