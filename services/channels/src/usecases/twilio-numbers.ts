import { TWILIO_MESSAGES, newDocumentId, twilioVoiceWebhookUrl, type AvailableTwilioNumber, type ImportTwilioNumberRequest, type Region, type SearchTwilioNumbersQuery, type TwilioNumber } from '@platform/contracts';
import { HttpError, badRequest, notFound } from '@platform/kit';
import type { PhoneNumberSlots } from '../clients/plan-slots';
import { TwilioApiError, type TwilioAccount, type TwilioApi } from '../clients/twilio-api';
import { hasRoomForNumber } from '../domain/telephony';
import type { TwilioNumberRecord, TwilioNumberStore } from '../store/twilio-numbers';
import type { WorkspaceGrant } from './access';

const messages = TWILIO_MESSAGES;
/** Twilio's 4xx is the caller's (400 with Twilio's words); Twilio unreachable or failing is a 502. */
const failure = (err: unknown) => {
  if (!(err instanceof TwilioApiError)) return err;
  if (err.status >= 500) return new HttpError(502, messages.twilioUnavailable);
  return new HttpError(400, messages.twilioRefused(err.message));
};

export interface TwilioNumberDeps {
  numbers: TwilioNumberStore;
  twilio: TwilioApi;
  /** the platform's own Twilio account: numbers bought on the platform live there */
  platformAccount: TwilioAccount;
  slots: PhoneNumberSlots;
  publicApiUrl: string;
  now: () => Date;
}

/** A workspace's Twilio numbers: search and buy on the platform's account (within the plan's slots), import from the workspace's own, assign, release. */
export class TwilioNumberUseCases {
  constructor(private readonly deps: TwilioNumberDeps) {}

  async list(region: Region, grant: WorkspaceGrant) {
    const [numbers, total] = await Promise.all([this.deps.numbers.listForWorkspace(region, grant.workspaceId), this.deps.slots(region, grant.workspaceId)]);
    const used = numbers.filter((number) => number.source === 'bought').length;
    return { numbers, agents: grant.agents, slots: { used, total } };
  }

  async search(query: SearchTwilioNumbersQuery): Promise<AvailableTwilioNumber[]> {
    try {
      const found = await this.deps.twilio.searchLocal(this.deps.platformAccount, query.country, { AreaCode: query.areaCode, Contains: query.contains, PageSize: '20' });
      return found.map((n) => ({ phoneNumber: n.phone_number, friendlyName: n.friendly_name, locality: n.locality ?? '', region: n.region ?? '', isoCountry: n.iso_country }));
    } catch (err) {
      throw failure(err);
    }
  }

  /** Buys the number on the platform's account when the plan has a free slot (402 otherwise). */
  async buy(region: Region, workspaceId: string, phoneNumber: string): Promise<TwilioNumber> {
    const [slots, bought] = await Promise.all([this.deps.slots(region, workspaceId), this.deps.numbers.countBought(region, workspaceId)]);
    if (!hasRoomForNumber(bought, slots)) throw new HttpError(402, messages.slotsExhausted(slots), { upgrade: { path: `/app/${region}/account/billing` } });
    const id = newDocumentId();
    let purchased;
    try {
      purchased = await this.deps.twilio.buy(this.deps.platformAccount, { PhoneNumber: phoneNumber });
    } catch (err) {
      if (err instanceof TwilioApiError && err.code === 21422) throw badRequest(messages.numberUnavailable);
      throw failure(err);
    }
    const record: TwilioNumberRecord = {
      _id: id,
      workspaceId,
      phoneNumber: purchased.phone_number,
      sid: purchased.sid,
      friendlyName: purchased.friendly_name,
      agentId: null,
      source: 'bought',
      accountSid: this.deps.platformAccount.sid,
      createdAt: this.deps.now(),
    };
    if (!(await this.deps.numbers.insert(region, record))) {
      // on the platform already (imported by someone): give the purchase back rather than keep a number nobody has
      await this.deps.twilio.release(this.deps.platformAccount, purchased.sid).catch(() => undefined);
      throw badRequest(messages.numberAlreadyAdded(phoneNumber));
    }
    return this.view(record);
  }

  /** Imports a number of the workspace's own Twilio account: the credentials must open the account and the number must be on it. */
  async import(region: Region, workspaceId: string, request: ImportTwilioNumberRequest): Promise<TwilioNumber> {
    const account = { sid: request.accountSid, authToken: request.authToken };
    let found;
    try {
      found = await this.deps.twilio.findByNumber(account, request.phoneNumber);
    } catch (err) {
      if (err instanceof TwilioApiError && (err.status === 401 || err.status === 403 || err.code === 20003)) throw badRequest(messages.twilioCredentialsRefused);
      throw failure(err);
    }
    if (!found) throw badRequest(messages.numberNotOnAccount(request.phoneNumber));
    const record: TwilioNumberRecord = {
      _id: newDocumentId(),
      workspaceId,
      phoneNumber: found.phone_number,
      sid: found.sid,
      friendlyName: found.friendly_name,
      agentId: null,
      source: 'imported',
      accountSid: account.sid,
      authToken: account.authToken,
      createdAt: this.deps.now(),
    };
    if (!(await this.deps.numbers.insert(region, record))) throw badRequest(messages.numberAlreadyAdded(request.phoneNumber));
    return this.view(record);
  }

  /** Points the number's VoiceUrl at the platform's voice webhook (or clears it) and records the agent. */
  async assign(region: Region, grant: WorkspaceGrant, numberId: string, agentId: string | null): Promise<TwilioNumber> {
    if (agentId !== null && !grant.agents.some((agent) => agent.ID === agentId)) throw badRequest(messages.agentNotInWorkspace);
    const number = await this.deps.numbers.find(region, grant.workspaceId, numberId);
    if (!number) throw notFound(messages.numberNotFound);
    try {
      await this.deps.twilio.update(this.accountOf(number), number.sid, { VoiceUrl: agentId ? twilioVoiceWebhookUrl(this.deps.publicApiUrl, region, number._id) : '', VoiceMethod: 'POST' });
    } catch (err) {
      throw failure(err);
    }
    const updated = await this.deps.numbers.setAgent(region, grant.workspaceId, numberId, agentId);
    if (!updated) throw notFound(messages.numberNotFound);
    return updated;
  }

  /** A bought number goes back to Twilio; an imported one stays the workspace's, its VoiceUrl cleared. */
  async release(region: Region, workspaceId: string, numberId: string): Promise<string> {
    const number = await this.deps.numbers.find(region, workspaceId, numberId);
    if (!number) throw notFound(messages.numberNotFound);
    try {
      if (number.source === 'bought') await this.deps.twilio.release(this.deps.platformAccount, number.sid);
      else await this.deps.twilio.update(this.accountOf(number), number.sid, { VoiceUrl: '' });
    } catch (err) {
      // Already gone at Twilio: the platform forgets it too.
      if (!(err instanceof TwilioApiError && err.status === 404)) throw failure(err);
    }
    await this.deps.numbers.remove(region, workspaceId, numberId);
    return number.phoneNumber;
  }

  private accountOf(number: TwilioNumberRecord): TwilioAccount {
    return number.source === 'imported' ? { sid: number.accountSid, authToken: number.authToken ?? '' } : this.deps.platformAccount;
  }

  private view(record: TwilioNumberRecord): TwilioNumber {
    return { id: record._id, workspaceId: record.workspaceId, phoneNumber: record.phoneNumber, sid: record.sid, friendlyName: record.friendlyName, agentId: record.agentId, source: record.source, createdAt: record.createdAt.toISOString() };
  }
}
