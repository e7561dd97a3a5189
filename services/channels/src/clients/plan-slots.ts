import { UPSTREAM_MESSAGES, type Region } from '@platform/contracts';
import { HttpError, readEntitlements, type ServiceClient } from '@platform/kit';

/** The workspace plan's twilioPhoneNumberSlots (billing's entitlements: the plan's slots plus the twilio-phone-number add-on). */
export type PhoneNumberSlots = (region: Region, workspaceId: string) => Promise<number>;

export function billingPhoneNumberSlots(client: ServiceClient): PhoneNumberSlots {
  return async (region, workspaceId) => {
    const entitlements = await readEntitlements(client, region, workspaceId);
    // Billing not knowing the workspace: its plan cannot be told, so nothing is bought on it.
    if (!entitlements) throw new HttpError(503, UPSTREAM_MESSAGES.billingUnavailable);
    return entitlements.limits.twilioPhoneNumberSlots;
  };
}
