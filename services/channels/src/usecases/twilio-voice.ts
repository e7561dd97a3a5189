import { TWILIO_MESSAGES, twilioVoiceWebhookUrl, type Region } from '@platform/contracts';
import { unauthorized, type Logger } from '@platform/kit';
import type { AgentGreetings } from '../clients/agent-greetings';
import { greetingsOf, sayTwiml, signatureMatches } from '../domain/telephony';
import type { TwilioNumberStore } from '../store/twilio-numbers';

/**
 * Twilio's inbound call webhook. The platform has no telephony media path yet (ADR 0033), so a
 * number assigned to an agent answers with the agent's greeting spoken by Twilio (<Say>); an
 * unassigned number says so politely and hangs up.
 */
export class TwilioVoiceWebhook {
  constructor(
    private readonly deps: {
      numbers: TwilioNumberStore;
      platformAuthToken: string;
      greetings: AgentGreetings;
      publicApiUrl: string;
      logger: Logger;
    },
  ) {}

  /** TwiML for the call; 401 unless X-Twilio-Signature is Twilio's for the number's account and this URL. */
  async answer(region: Region, numberId: string, params: Record<string, string>, signature: string | undefined): Promise<string> {
    const number = await this.deps.numbers.findForCall(region, numberId);
    const authToken = number?.source === 'imported' ? number.authToken ?? '' : this.deps.platformAuthToken;
    // The URL Twilio signed is the VoiceUrl the platform set on the number.
    const url = twilioVoiceWebhookUrl(this.deps.publicApiUrl, region, numberId);
    if (!number || !signatureMatches(authToken, url, params, signature)) throw unauthorized(TWILIO_MESSAGES.signatureInvalid);
    if (!number.agentId) return sayTwiml([TWILIO_MESSAGES.unassignedCall]);
    const greetings = greetingsOf(await this.deps.greetings(region, number.agentId), TWILIO_MESSAGES.defaultGreeting);
    this.deps.logger.info({ numberId, agentId: number.agentId, callSid: params.CallSid }, 'twilio call answered');
    return sayTwiml(greetings);
  }
}
