import { useEffect, useState } from 'react';
import { BILLING_UI_MESSAGES, CONNECT_API, MESSAGES, type AgencySubscriptionPlan, type InvoiceSummary, type OrganizationBillingState, type Region } from '@platform/contracts';
import { Anchor, ApiError, Badge, Button, Card, Group, List, SimpleGrid, Slider, Stack, Switch, Table, Text, Title, callApi, notify } from '@platform/ui';
import { AMOUNT_RANGE, CREDIT_RANGE, THRESHOLD_RANGE, purchasePrice, quickPickLabel } from './client-billing';

const serverMessage = (error: unknown) => (error instanceof ApiError || error instanceof Error ? error.message : undefined);

export interface ClientContext {
  region: Region;
  orgId: string;
  workspaceId: string;
  clientId: string;
  email?: string;
  accountId: string;
  usdPerCredit: number;
  org: OrganizationBillingState;
  hasCard: boolean;
  reload: () => Promise<void>;
}

/** The agency's plans: an active subscription disables the buttons; the current one reads 'Current Plan'. */
export function PlansSection({ ctx, plans }: { ctx: ClientContext; plans: AgencySubscriptionPlan[] }) {
  const [busy, setBusy] = useState<string | null>(null);
  const active = ctx.org.subscription?.status === 'active';
  const subscribe = async (plan: AgencySubscriptionPlan) => {
    setBusy(plan.priceId!);
    try {
      const back = window.location.href;
      const { sessionUrl } = await callApi(CONNECT_API.createSubscription, {
        region: ctx.region,
        body: { priceId: plan.priceId!, customerEmail: ctx.email ?? '', ...(ctx.org.stripeCustomerId ? { customerId: ctx.org.stripeCustomerId } : {}), orgId: ctx.orgId, successUrl: back, cancelUrl: back, workspaceStripeAccountId: ctx.accountId, region: ctx.region },
      });
      window.location.assign(sessionUrl);
    } catch (error) {
      notify.error(serverMessage(error) ?? MESSAGES.billing.subscriptionSessionFailed);
    } finally {
      setBusy(null);
    }
  };
  const cancel = async () => {
    setBusy('cancel');
    try {
      await callApi(CONNECT_API.cancelSubscription, { region: ctx.region, body: { subscriptionId: ctx.org.subscription!.id!, workspaceStripeAccountId: ctx.accountId, orgId: ctx.orgId, region: ctx.region } });
      notify.success(MESSAGES.billing.clientSubscriptionCanceled);
      await ctx.reload();
    } catch {
      notify.error(MESSAGES.billing.clientSubscriptionCancelFailed);
    } finally {
      setBusy(null);
    }
  };
  return (
    <Stack gap="xs" data-testid="client-plans">
      <Title order={5}>Plans</Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {plans.map((plan) => {
          const current = active && ctx.org.subscription?.priceId === plan.priceId;
          return (
            <Card withBorder key={plan.priceId ?? plan.name}>
              <Group justify="space-between">
                <Text fw={600}>{plan.name}</Text>
                {plan.isPopular ? <Badge color="grape">Popular</Badge> : null}
              </Group>
              <Text size="xl" fw={700}>${plan.price}<Text span size="sm" c="dimmed">/month</Text></Text>
              <Text size="sm" c="dimmed">{plan.credits.toLocaleString('en-US')} credits</Text>
              <List size="sm" my="xs">{plan.features.map((feature) => <List.Item key={feature}>{feature}</List.Item>)}</List>
              <Button fullWidth disabled={active} loading={busy === plan.priceId} onClick={() => subscribe(plan)}>{current ? BILLING_UI_MESSAGES.currentPlan : 'Subscribe'}</Button>
              {current ? <Button fullWidth variant="subtle" color="red" mt="xs" loading={busy === 'cancel'} onClick={cancel}>Cancel subscription</Button> : null}
            </Card>
          );
        })}
      </SimpleGrid>
    </Stack>
  );
}

/** Buying credits: 1,000 to 50,000 in steps of 500, quick picks, price = credits × usdPerCredit. */
export function PurchaseSection({ ctx }: { ctx: ClientContext }) {
  const [credits, setCredits] = useState<number>(CREDIT_RANGE.min);
  const [buying, setBuying] = useState(false);
  const price = purchasePrice(credits, ctx.usdPerCredit);
  const buy = async () => {
    setBuying(true);
    try {
      await callApi(CONNECT_API.prePaid, { region: ctx.region, body: { creditAmount: credits, region: ctx.region, workspaceId: ctx.workspaceId, clientId: ctx.clientId, orgId: ctx.orgId } });
      notify.success(MESSAGES.billing.creditsPurchased);
      await ctx.reload();
    } catch (error) {
      notify.error(serverMessage(error) ?? MESSAGES.billing.creditsPurchaseFailed);
    } finally {
      setBuying(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="client-purchase">
      <Title order={5}>Buy credits</Title>
      <Group gap="xs">
        {CREDIT_RANGE.quickPicks.map((pick) => (
          <Button key={pick} size="xs" variant={credits === pick ? 'filled' : 'light'} onClick={() => setCredits(pick)} data-testid={`quick-pick-${pick}`}>{quickPickLabel(pick)}</Button>
        ))}
      </Group>
      <Slider min={CREDIT_RANGE.min} max={CREDIT_RANGE.max} step={CREDIT_RANGE.step} value={credits} onChange={setCredits} label={(v) => v.toLocaleString('en-US')} data-testid="credit-slider" />
      <Group justify="space-between">
        <Text size="sm" data-testid="purchase-summary">{credits.toLocaleString('en-US')} credits for ${price.toFixed(2)}</Text>
        <Button onClick={buy} loading={buying} disabled={!ctx.hasCard} data-testid="buy-credits">Buy credits</Button>
      </Group>
      {!ctx.hasCard ? <Text size="xs" c="dimmed">Add a payment method to buy credits.</Text> : null}
    </Stack>
  );
}

/** Auto-recharge: threshold 100 to 5,000 credits, amount $5 to $100; needs a card; a failed save restores the previous values. */
export function AutoRechargeSection({ ctx }: { ctx: ClientContext }) {
  const saved = { enabled: ctx.org.automaticBilling, threshold: ctx.org.threshold ?? THRESHOLD_RANGE.default, amount: ctx.org.autochargeAmount ?? AMOUNT_RANGE.default };
  const [values, setValues] = useState(saved);
  const [saving, setSaving] = useState(false);
  useEffect(() => setValues(saved), [ctx.org.automaticBilling, ctx.org.threshold, ctx.org.autochargeAmount]); // eslint-disable-line react-hooks/exhaustive-deps
  const save = async () => {
    const previous = saved;
    setSaving(true);
    try {
      const answer = await callApi(CONNECT_API.updateAutoRecharge, {
        region: ctx.region,
        body: { automaticBilling: values.enabled, workspaceStripeAccountId: ctx.accountId, threshold: values.threshold, amount: values.amount, region: ctx.region, orgId: ctx.orgId, customer_id: ctx.org.stripeCustomerId ?? '' },
      });
      notify.success(answer.message);
      await ctx.reload();
    } catch {
      setValues(previous);
      notify.error(MESSAGES.billing.clientAutoRechargeFailed);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="xs" data-testid="client-auto-recharge">
      <Title order={5}>Auto-recharge</Title>
      <Switch label="Recharge automatically" checked={values.enabled} disabled={!ctx.hasCard} onChange={(e) => setValues({ ...values, enabled: e.currentTarget.checked })} data-testid="auto-recharge-switch" />
      {values.enabled ? (
        <>
          <Text size="sm">When credits drop below {values.threshold.toLocaleString('en-US')}</Text>
          <Slider min={THRESHOLD_RANGE.min} max={THRESHOLD_RANGE.max} step={THRESHOLD_RANGE.step} value={values.threshold} onChange={(threshold) => setValues({ ...values, threshold })} data-testid="threshold-slider" />
          <Text size="sm">Charge ${values.amount}</Text>
          <Slider min={AMOUNT_RANGE.min} max={AMOUNT_RANGE.max} step={AMOUNT_RANGE.step} value={values.amount} onChange={(amount) => setValues({ ...values, amount })} data-testid="amount-slider" />
        </>
      ) : null}
      <Group justify="flex-end">
        <Button size="xs" onClick={save} loading={saving} disabled={!ctx.hasCard} data-testid="save-auto-recharge">Save auto-recharge</Button>
      </Group>
    </Stack>
  );
}

/** The 4 most recent invoices. */
export function InvoicesSection({ invoices }: { invoices: InvoiceSummary[] }) {
  return (
    <Stack gap="xs" data-testid="client-invoices">
      <Title order={5}>Invoices</Title>
      {invoices.length ? (
        <Table>
          <Table.Tbody>
            {invoices.slice(0, 4).map((invoice) => (
              <Table.Tr key={invoice.id}>
                <Table.Td>{invoice.number ?? ''}</Table.Td>
                <Table.Td><Text size="xs" c="dimmed">{invoice.id}</Text></Table.Td>
                <Table.Td>{invoice.created ? new Date(invoice.created * 1000).toLocaleDateString() : ''}</Table.Td>
                <Table.Td>{invoice.hosted_invoice_url ? <Anchor href={invoice.hosted_invoice_url} target="_blank" rel="noreferrer">View</Anchor> : null}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      ) : (
        <Text size="sm" c="dimmed">No invoices yet.</Text>
      )}
    </Stack>
  );
}
