import type { Logger, RegionalMongo, SecretBox } from '@platform/kit';
import { widgetGreetings, type AgentGreetings } from './clients/agent-greetings';
import { billingPhoneNumberSlots, type PhoneNumberSlots } from './clients/plan-slots';
import { TwilioApi } from './clients/twilio-api';
import type { ChannelsConfig } from './config';
import { twilioRoutes } from './routes/twilio-routes';
import { TwilioNumberStore } from './store/twilio-numbers';
import { TwilioNumberUseCases } from './usecases/twilio-numbers';
import { TwilioVoiceWebhook } from './usecases/twilio-voice';

/** What the telephony module asks other services; tests may give their own. */
export interface TelephonyDeps {
  slots?: PhoneNumberSlots;
  greetings?: AgentGreetings;
}

/** The telephony module's assembly (Twilio numbers and their voice webhook, ADR 0033). */
export function telephonyRoutes(shared: { config: ChannelsConfig; mongo: RegionalMongo; box: SecretBox; logger: Logger; now: () => Date }, deps: TelephonyDeps = {}) {
  const { config } = shared;
  const service = (baseUrl: string) => ({ baseUrl, signingSecret: config.platform.internalSigningSecret, timeoutMs: config.serviceCallTimeoutMs });
  const store = new TwilioNumberStore(shared.mongo, shared.box);
  const numbers = new TwilioNumberUseCases({
    numbers: store,
    twilio: new TwilioApi({ baseUrl: config.twilioApiBase, timeoutMs: config.providerTimeoutMs }),
    platformAccount: { sid: config.twilioAccountSid, authToken: config.twilioAuthToken },
    slots: deps.slots ?? billingPhoneNumberSlots(service(config.billingServiceUrl)),
    publicApiUrl: config.publicApiUrl,
    now: shared.now,
  });
  const voice = new TwilioVoiceWebhook({
    numbers: store,
    platformAuthToken: config.twilioAuthToken,
    greetings: deps.greetings ?? widgetGreetings(service(config.agentServiceUrl)),
    publicApiUrl: config.publicApiUrl,
    logger: shared.logger,
  });
  return twilioRoutes(numbers, voice);
}
