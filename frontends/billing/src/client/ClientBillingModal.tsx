import { useCallback, useEffect, useRef, useState } from 'react';
import { BILLING_UI_MESSAGES, CONNECT_API, MESSAGES, type AgencySubscriptionPlan, type InvoiceSummary, type OrganizationBillingState, type Region } from '@platform/contracts';
import { ApiError, Button, Divider, Group, Loader, Modal, Stack, Text, Title, callApi, notify } from '@platform/ui';
import { ClientCardForm } from './ClientCardForm';
import { balanceText, expiry } from './client-billing';
import { AutoRechargeSection, InvoicesSection, PlansSection, PurchaseSection, type ClientContext } from './sections';

export interface ClientBillingModalProps {
  region: Region;
  /** the client's organisation and whether it has allowBilling (the modal shows nothing without it) */
  orgId: string;
  allowBilling: boolean;
  /** the agency's workspace uid */
  workspaceId: string;
  clientId: string;
  email?: string;
  opened: boolean;
  onClose: () => void;
  /** after a purchase or a plan change, with the new balance: the host's own credits display follows */
  onBalanceChanged?: (credits: number) => void;
}

interface Loaded {
  org: OrganizationBillingState;
  accountId: string;
  allowPlans: boolean;
  usdPerCredit: number;
  plans: AgencySubscriptionPlan[];
  card: { brand: string; last4: string; exp_month: number; exp_year: number } | null;
  invoices: InvoiceSummary[];
}

/** Client-facing billing (billing §2, §4, §5, §8): credits, plans, purchase, auto-recharge, card and invoices, on the agency's connected account. */
export function ClientBillingModal(props: ClientBillingModalProps) {
  const { region, orgId, workspaceId, opened, onClose } = props;
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  // the balance last shown, and the host's callback (a ref: a new function each render must not reload)
  const shownBalance = useRef<number | null>(null);
  const balanceChanged = useRef(props.onBalanceChanged);
  balanceChanged.current = props.onBalanceChanged;
  const [error, setError] = useState<string | null>(null);
  const [editingCard, setEditingCard] = useState(false);

  const load = useCallback(async () => {
    try {
      const [{ data: org }, account] = await Promise.all([
        callApi(CONNECT_API.getOrganizationBilling, { region, params: { orgId } }),
        callApi(CONNECT_API.getAccountId, { region, params: { agencyUserId: workspaceId, region } }),
      ]);
      const customer = org.stripeCustomerId;
      const [methods, invoices] = customer
        ? await Promise.all([
            callApi(CONNECT_API.getPaymentMethods, { region, params: { customerId: customer, accountId: account.accountId } }),
            callApi(CONNECT_API.getInvoices, { region, params: { customerId: customer, accountId: account.accountId } }),
          ])
        : [{ paymentMethod: null }, { invoices: { data: [] } }];
      const card = (methods.paymentMethod as { card?: Loaded['card'] } | null)?.card ?? null;
      if (shownBalance.current !== null && shownBalance.current !== org.loadTokens) balanceChanged.current?.(org.loadTokens);
      shownBalance.current = org.loadTokens;
      setLoaded({ org, accountId: account.accountId, allowPlans: account.allowPlans ?? false, usdPerCredit: account.usdPerCredit, plans: account.plans, card, invoices: invoices.invoices.data });
      setError(null);
    } catch (err) {
      setError(err instanceof ApiError || err instanceof Error ? err.message : String(err));
    }
  }, [region, orgId, workspaceId]);

  useEffect(() => {
    if (opened && props.allowBilling) void load();
  }, [opened, props.allowBilling, load]);

  if (!props.allowBilling) return null;

  const saveCard = async (paymentMethodId: string) => {
    try {
      await callApi(CONNECT_API.updatePayment, { region, body: { paymentMethodId, userId: props.clientId, agencyId: workspaceId, orgId, region, workspaceStripeAccountId: loaded!.accountId } });
    } catch (err) {
      throw new Error(err instanceof Error && err.message ? err.message : BILLING_UI_MESSAGES.updatePaymentFailed);
    }
    notify.success(MESSAGES.billing.clientPaymentMethodUpdated);
    setEditingCard(false);
    await load();
  };

  const ctx: ClientContext | null = loaded
    ? { region, orgId, workspaceId, clientId: props.clientId, email: props.email, accountId: loaded.accountId, usdPerCredit: loaded.usdPerCredit, org: loaded.org, hasCard: Boolean(loaded.card), reload: load }
    : null;

  return (
    <Modal opened={opened} onClose={onClose} title="Billing" size="xl" data-testid="client-billing-modal">
      {error ? <Text c="red">{error}</Text> : null}
      {!ctx || !loaded ? (
        error ? null : <Loader />
      ) : (
        <Stack gap="lg">
          <div>
            <Text size="sm" c="dimmed">Credits balance</Text>
            <Title order={2} data-testid="client-balance">{balanceText(loaded.org.loadTokens)}</Title>
          </div>
          {loaded.allowPlans && loaded.plans.length ? <PlansSection ctx={ctx} plans={loaded.plans} /> : null}
          <Divider />
          <PurchaseSection ctx={ctx} />
          <Divider />
          <AutoRechargeSection ctx={ctx} />
          <Divider />
          <Stack gap="xs" data-testid="client-payment-method">
            <Title order={5}>Payment method</Title>
            {loaded.card ? (
              <Text size="sm" data-testid="client-card">{loaded.card.brand} •••• {loaded.card.last4} — {expiry(loaded.card.exp_month, loaded.card.exp_year)}</Text>
            ) : (
              <Text size="sm" c="dimmed">No payment method yet.</Text>
            )}
            {editingCard ? (
              <ClientCardForm accountId={loaded.accountId} email={props.email} onCreated={saveCard} onCancel={() => setEditingCard(false)} />
            ) : (
              <Group>
                <Button size="xs" variant="light" onClick={() => setEditingCard(true)} data-testid="edit-card">{loaded.card ? 'Update payment method' : 'Add payment method'}</Button>
              </Group>
            )}
          </Stack>
          <Divider />
          <InvoicesSection invoices={loaded.invoices} />
        </Stack>
      )}
    </Modal>
  );
}
