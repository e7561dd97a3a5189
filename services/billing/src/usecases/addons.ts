import type Stripe from 'stripe';
import { ADDONS, BILLING_API_MESSAGES, MESSAGES, countryBillingInfo, type AddAddonsRequest, type AddonKey, type AddonStatusResponse, type Region } from '@platform/contracts';
import { HttpError } from '@platform/kit';
import { onAccount } from '../clients/stripe';
import { addonPriceId } from '../domain/pricing';
import { workspaceStripeAccount, type RegionalStripeAccounts } from '../domain/stripe-account';
import type { BillingAccount, BillingAccountStore } from '../store/billing-accounts';

/** The whitelabel trial's length (agency-shell-clients §6: 14 days). */
export const WHITELABEL_TRIAL_MS = 14 * 24 * 3600 * 1000;

const hasSubscription = (account: BillingAccount) => account.plan !== 'free' && Boolean(account.stripeSubscriptionId) && account.status !== 'cancelled';

/** Add-ons on the workspace's subscription (changes bill from the next cycle) and the whitelabel trial. */
export class AddonUseCases {
  constructor(private readonly deps: { stripe: Stripe; billingAccounts: BillingAccountStore; regionalAccounts?: RegionalStripeAccounts; now: () => Date }) {}

  async status(region: Region, uid: string, keys: AddonKey[]): Promise<AddonStatusResponse> {
    const account = await this.deps.billingAccounts.find(region, uid);
    return {
      hasSubscription: hasSubscription(account),
      addons: keys.map((addonKey) => ({ addonKey, hasAddon: (account.addons?.[addonKey] ?? 0) > 0, quantity: account.addons?.[addonKey] ?? 0 })),
    };
  }

  async add(region: Region, uid: string, body: AddAddonsRequest): Promise<{ errors: string[] }> {
    const account = await this.subscribed(region, uid);
    const currency = countryBillingInfo(account.countryCode).currency.toLowerCase();
    const items = { ...account.addonItems };
    const addons = { ...account.addons };
    const errors: string[] = [];
    const options = this.optionsOf(account);
    for (const { addonId, quantity } of body.addons) {
      try {
        items[addonId] = await this.setQuantity(account.stripeSubscriptionId!, items[addonId], addonPriceId(addonId, currency), quantity, options);
        addons[addonId] = quantity;
      } catch (err) {
        errors.push(`${ADDONS[addonId].name}: ${(err as Error).message}`);
      }
    }
    await this.deps.billingAccounts.update(region, uid, { addons, addonItems: items }, this.deps.now());
    return { errors };
  }

  async remove(region: Region, uid: string, keys: AddonKey[]): Promise<void> {
    const account = await this.subscribed(region, uid);
    const items = { ...account.addonItems };
    const addons = { ...account.addons };
    for (const key of keys) {
      if (items[key]) await this.deps.stripe.subscriptionItems.del(items[key]!, { proration_behavior: 'none' }, this.optionsOf(account));
      delete items[key];
      addons[key] = 0;
    }
    await this.deps.billingAccounts.update(region, uid, { addons, addonItems: items }, this.deps.now());
  }

  /** stripe.activateWhitelabelTrial: 14 days of whitelabel, once per workspace. */
  async activateWhitelabelTrial(region: Region, uid: string): Promise<{ trialEndsAt: number }> {
    const account = await this.deps.billingAccounts.find(region, uid);
    if (account.whitelabelTrialEndsAt !== undefined) throw new HttpError(409, BILLING_API_MESSAGES.whitelabelTrialUsed);
    const trialEndsAt = this.deps.now().getTime() + WHITELABEL_TRIAL_MS;
    await this.deps.billingAccounts.update(region, uid, { whitelabelTrialEndsAt: trialEndsAt }, this.deps.now());
    return { trialEndsAt };
  }

  private async subscribed(region: Region, uid: string): Promise<BillingAccount> {
    const account = await this.deps.billingAccounts.find(region, uid);
    if (!hasSubscription(account)) throw new HttpError(402, MESSAGES.billing.addonsNeedSubscription);
    return account;
  }

  /** The subscription item of an add-on at `quantity` (from the next cycle: no proration); its id, or undefined once removed. */
  private async setQuantity(subscriptionId: string, itemId: string | undefined, price: string, quantity: number, options: Stripe.RequestOptions | undefined): Promise<string | undefined> {
    if (quantity === 0) {
      if (itemId) await this.deps.stripe.subscriptionItems.del(itemId, { proration_behavior: 'none' }, options);
      return undefined;
    }
    if (itemId) return (await this.deps.stripe.subscriptionItems.update(itemId, { quantity, proration_behavior: 'none' }, options)).id;
    return (await this.deps.stripe.subscriptionItems.create({ subscription: subscriptionId, price, quantity, proration_behavior: 'none' }, options)).id;
  }

  /** The workspace's connected account (useMultipleStripes), as its subscription was created on. */
  private optionsOf(account: BillingAccount): Stripe.RequestOptions | undefined {
    return onAccount(workspaceStripeAccount(account, this.deps.regionalAccounts ?? {}));
  }
}
