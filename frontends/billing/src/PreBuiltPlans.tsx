import { useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  BILLING_API,
  BILLING_CYCLES,
  BILLING_UI_MESSAGES,
  MESSAGES,
  PREBUILT_PLAN_CHECKOUT,
  UNLIMITED,
  type BillingCycle,
  type BillingOverview,
  type PreBuiltPlan,
  type Region,
} from '@platform/contracts';
import { Alert, Badge, Button, Group, List, Paper, SegmentedControl, SimpleGrid, Stack, Text, callApi, notify } from '@platform/ui';

const CYCLE_LABELS: Record<BillingCycle, { label: string; per: string }> = { monthly: { label: 'Monthly', per: 'month' }, yearly: { label: 'Yearly', per: 'year' } };
const count = (value: number | string | undefined, noun: string) => (value === undefined ? undefined : value === UNLIMITED ? `Unlimited ${noun}` : `${Number(value).toLocaleString('en-US')} ${noun}`);

/** A plan's limits as the card lists them (credits a month, agents, seats, client seats). */
export function planLimitLines(plan: Pick<PreBuiltPlan, 'limits'>): string[] {
  const limits = plan.limits ?? {};
  return [count(limits.maxMonthlyCredits, 'credits a month'), count(limits.maxAgents, 'agents'), count(limits.workspaceSeats, 'workspace seats'), count(limits.clientSeats, 'client seats')].filter((line): line is string => Boolean(line));
}

/**
 * Whether the page is back from a paid Checkout whose plan the workspace does not show yet
 * (Stripe's event has not arrived): the page then reads its overview again until it does.
 */
export function awaitingCheckout(search: string, overview: Pick<BillingOverview, 'prebuiltPlan'> | undefined): boolean {
  const query = new URLSearchParams(search);
  if (query.get(PREBUILT_PLAN_CHECKOUT.param) !== PREBUILT_PLAN_CHECKOUT.success) return false;
  const plan = overview?.prebuiltPlan;
  // A return that does not name the plan bought waits for any plan.
  if (!query.has(PREBUILT_PLAN_CHECKOUT.plan)) return !plan;
  return !(plan && plan.key === query.get(PREBUILT_PLAN_CHECKOUT.plan) && plan.billingCycle === query.get(PREBUILT_PLAN_CHECKOUT.cycle));
}

const boughtCycle = (search: string) => BILLING_CYCLES.find((cycle) => cycle === new URLSearchParams(search).get(PREBUILT_PLAN_CHECKOUT.cycle));

/** What Stripe Checkout's return (?checkout=success|cancel) says on the billing page; nothing once the plan bought shows. */
export function checkoutNotice(search: string, overview?: Pick<BillingOverview, 'prebuiltPlan'>): { color: 'green' | 'gray'; text: string } | undefined {
  const outcome = new URLSearchParams(search).get(PREBUILT_PLAN_CHECKOUT.param);
  if (outcome === PREBUILT_PLAN_CHECKOUT.success) return awaitingCheckout(search, overview) ? { color: 'green', text: BILLING_UI_MESSAGES.prebuiltCheckoutDone } : undefined;
  if (outcome === PREBUILT_PLAN_CHECKOUT.cancel) return { color: 'gray', text: BILLING_UI_MESSAGES.prebuiltCheckoutCancelled };
  return undefined;
}

/**
 * Agency plans on the billing page (billing §7 "Agency billing connect"; ADR 0045): the pre-built
 * plans assembled from the platform's Stripe products (stripe.assemblePreBuiltPlansFromStripe),
 * monthly or yearly; Subscribe opens Stripe Checkout (stripe.createAgencySubscriptionSession) and
 * the browser goes there. The plan the workspace is on reads Current Plan.
 */
export function PreBuiltPlans({ overview, region, workspaceId, goTo = (url) => window.location.assign(url) }: { overview: BillingOverview; region: Region; workspaceId: string; goTo?: (url: string) => void }) {
  // Back from Checkout, the cycle just bought; else the plan's own.
  const [cycle, setCycle] = useState<BillingCycle>(() => boughtCycle(window.location.search) ?? overview.prebuiltPlan?.billingCycle ?? 'monthly');
  const plans = useQuery({
    queryKey: ['prebuilt-plans', region, workspaceId],
    queryFn: () => callApi(BILLING_API.assemblePreBuiltPlansFromStripe, { region, body: { userId: workspaceId, region } }).then((answer) => answer.plans),
  });
  const subscribe = useMutation({
    mutationFn: (planKey: string) => callApi(BILLING_API.createAgencySubscriptionSession, { region, body: { userId: workspaceId, region, planKey, billingCycle: cycle } }),
    onSuccess: (answer) => goTo(answer.sessionUrl),
    onError: (error) => notify.error(error instanceof Error && error.message ? error.message : MESSAGES.billing.subscriptionSessionFailed),
  });
  const notice = checkoutNotice(window.location.search, overview);
  const current = (plan: PreBuiltPlan) => overview.prebuiltPlan?.key === plan.key && overview.prebuiltPlan.billingCycle === cycle && !overview.cancels;
  if (!plans.isLoading && !plans.data?.length) return null;

  return (
    <Paper withBorder p="md" radius="md" data-testid="prebuilt-plans">
      <Group justify="space-between" mb="xs">
        <Stack gap={2}>
          <Text fw={700}>{BILLING_UI_MESSAGES.prebuiltPlansTitle}</Text>
          <Text size="sm" c="dimmed">
            {BILLING_UI_MESSAGES.prebuiltPlansText}
          </Text>
        </Stack>
        <SegmentedControl data={BILLING_CYCLES.map((value) => ({ value, label: CYCLE_LABELS[value].label }))} value={cycle} onChange={(value) => setCycle(value as BillingCycle)} data-testid="prebuilt-cycle" />
      </Group>
      {notice && (
        <Alert color={notice.color} mb="sm" data-testid="prebuilt-checkout-notice">
          {notice.text}
        </Alert>
      )}
      {plans.isError && <Alert color="red">{BILLING_UI_MESSAGES.loadSubscriptionFailed}</Alert>}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {(plans.data ?? []).map((plan) => {
          const price = plan.stripePrices.find((candidate) => candidate.billingCycle === cycle);
          return (
            <Paper key={plan.key} withBorder p="md" radius="md" data-testid="prebuilt-plan" data-plan-key={plan.key}>
              <Stack gap="xs">
                <Group justify="space-between">
                  <Text fw={700}>{plan.name}</Text>
                  {plan.metadata?.mostPopular && <Badge>Most popular</Badge>}
                </Group>
                <Text fw={700} size="xl" data-testid="prebuilt-plan-price">
                  {price ? `$${price.usdAmount.toLocaleString('en-US')} / ${CYCLE_LABELS[cycle].per}` : 'Not offered'}
                </Text>
                {plan.description && (
                  <Text size="sm" c="dimmed">
                    {plan.description}
                  </Text>
                )}
                <List size="sm" spacing={2}>
                  {[...planLimitLines(plan), ...(plan.features ?? [])].map((line) => (
                    <List.Item key={line}>{line}</List.Item>
                  ))}
                </List>
                {current(plan) ? (
                  <Button disabled>{BILLING_UI_MESSAGES.currentPlan}</Button>
                ) : (
                  <Button disabled={!price} loading={subscribe.isPending && subscribe.variables === plan.key} onClick={() => subscribe.mutate(plan.key)} data-testid="prebuilt-subscribe">
                    Subscribe
                  </Button>
                )}
              </Stack>
            </Paper>
          );
        })}
      </SimpleGrid>
    </Paper>
  );
}
