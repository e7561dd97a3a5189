import { useEffect, useRef, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BASE_USD_PER_CREDIT,
  BILLING_API,
  BILLING_CHANGED_EVENT,
  BILLING_API_MESSAGES,
  BILLING_DISPLAY,
  BILLING_UI_MESSAGES,
  CANCELLATION_REASONS,
  MESSAGES,
  OTHER_CANCELLATION_REASON,
  PLANS,
  TOP_UP_MINIMUM,
  WORKSPACE_AUTO_RECHARGE,
  type BillingOverview,
  type CancellationReason,
  type AddonSelection,
  type PlanKey,
  type Region,
} from '@platform/contracts';
import { Alert, Badge, Button, Group, Modal, NumberInput, PageHeader, Paper, Progress, Select, SimpleGrid, Stack, Switch, Text, Textarea, callApi, notify, type RemoteProps } from '@platform/ui';
import { AddonsModal } from './AddonsModal';
import { ConfirmSubscriptionModal, PlansModal } from './PlanDialogs';
import { PaymentModal, type PaymentPurpose } from './payment/PaymentModal';
import { PreBuiltPlans, awaitingCheckout } from './PreBuiltPlans';
import { UsageCharts } from './UsageCharts';
import { WhitelabelOffers } from './WhitelabelOffers';

/** Back from Checkout, the overview is read every 2 s for up to two minutes. */
const CHECKOUT_POLL_MS = 2_000;
const CHECKOUT_POLLS = 60;
const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
const sliderOptions = ({ min, max, step }: { min: number; max: number; step: number }, label: (v: number) => string) =>
  Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, i) => min + i * step).map((v) => ({ value: String(v), label: label(v) }));
const formatDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleDateString();

/** /app/{region}/account/billing: the Current Plan panel, top-up, Automatic Recharge and cancellation (billing §2). */
export function BillingScreen({ region, workspaceId }: RemoteProps['billing']) {
  const queryKey = ['billing-overview', region, workspaceId];
  const overview = useQuery({
    queryKey,
    queryFn: () => callApi(BILLING_API.getBillingOverview, { region, params: { uid: workspaceId } }).then((r) => r.data),
    // Back from a paid Checkout: the plan shows once Stripe's event has made it the workspace's.
    refetchInterval: (query) => (query.state.dataUpdateCount < CHECKOUT_POLLS && awaitingCheckout(window.location.search, query.state.data) ? CHECKOUT_POLL_MS : false),
  });
  const client = useQueryClient();
  const refresh = () => {
    void client.invalidateQueries({ queryKey });
    window.dispatchEvent(new Event(BILLING_CHANGED_EVENT));
  };
  // The plan bought in Checkout has arrived: the rest of the shell (the sidebar's plan) reads it too.
  const awaiting = awaitingCheckout(window.location.search, overview.data);
  const wasAwaiting = useRef(false);
  useEffect(() => {
    if (wasAwaiting.current && !awaiting) window.dispatchEvent(new Event(BILLING_CHANGED_EVENT));
    wasAwaiting.current = awaiting && overview.data !== undefined;
  }, [awaiting, overview.data]);

  return (
    <div data-testid="billing-page">
      <PageHeader title="Billing" description="Your plan, balance and payments" />
      {overview.isError && <Alert color="red">{BILLING_UI_MESSAGES.loadSubscriptionFailed}</Alert>}
      {overview.data && (
        <Stack gap="md">
          <CurrentPlan overview={overview.data} region={region} workspaceId={workspaceId} onChange={refresh} />
          <PreBuiltPlans overview={overview.data} region={region} workspaceId={workspaceId} />
          <AutomaticRecharge overview={overview.data} region={region} workspaceId={workspaceId} onChange={refresh} />
          <UsageCharts region={region} workspaceId={workspaceId} />
        </Stack>
      )}
    </div>
  );
}

interface PanelProps {
  overview: BillingOverview;
  region: Region;
  workspaceId: string;
  onChange: () => void;
}

/** This month's consumption (the usage report from the 1st): Cost This Month and Usage This Month. */
function useMonthUsage(region: Region, workspaceId: string, balance: number) {
  return useQuery({
    // Read again whenever the balance moves.
    queryKey: ['billing-month-usage', region, workspaceId, balance],
    queryFn: () => {
      const now = new Date();
      const start = new Date(now.getFullYear(), now.getMonth(), 1).getTime();
      return callApi(BILLING_API.getUsageReport, { region, params: { uid: workspaceId }, query: { start: String(start), end: String(now.getTime()), logsPage: '0' } }).then((r) => r.data.keyMetrics);
    },
  });
}

function CurrentPlan({ overview, region, workspaceId, onChange }: PanelProps) {
  const [dialog, setDialog] = useState<'top-up' | 'cancel' | 'reactivate' | 'plans' | 'confirm' | 'addons' | null>(null);
  const [payment, setPayment] = useState<PaymentPurpose | null>(null);
  const [chosenPlan, setChosenPlan] = useState<PlanKey>('pay_as_you_go');
  // Add-ons subscribed with the plan: Whitelabel when the whitelabel upgrade offer was chosen.
  const [withAddons, setWithAddons] = useState<AddonSelection[]>([]);
  const close = () => setDialog(null);
  const paid = overview.plan !== 'free';
  const month = useMonthUsage(region, workspaceId, overview.balance);
  const used = month.data?.creditsConsumed ?? 0;
  const total = used + Math.max(overview.balance, 0);
  const usedPercent = total > 0 ? Math.round((used / total) * 100) : 0;
  const reactivate = useMutation({
    mutationFn: () => callApi(BILLING_API.reactivateSubscription, { region, body: { userId: workspaceId, region } }),
    onSuccess: (r) => {
      notify.success(r.message);
      onChange();
      close();
    },
    onError: () => notify.error(BILLING_API_MESSAGES.reactivateFailed),
  });
  return (
    <>
    <Paper withBorder p="md" radius="md" data-testid="current-plan">
      <Group justify="space-between" mb="sm">
        <Text fw={700}>Current Plan</Text>
        <Group gap="xs">
          <Button size="xs" variant="default" onClick={() => setPayment({ kind: 'method' })}>
            Payment Method
          </Button>
          {paid && (
            <Button size="xs" variant="default" onClick={() => setDialog('addons')}>
              Add-ons
            </Button>
          )}
          <Button size="xs" onClick={() => setDialog('plans')}>
            {paid ? 'Modify Plan' : 'Upgrade Plan'}
          </Button>
        </Group>
      </Group>
      {overview.cancels && overview.periodEnd && (
        <Alert color="red" mb="sm" data-testid="cancelling-banner">
          Your subscription is cancelled and ends on {formatDate(overview.periodEnd)}. Your plan then drops to {PLANS.free.label}.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, md: 4 }}>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            USD Balance
          </Text>
          <Text fw={700} data-testid="usd-balance">
            ${overview.usdBalance.toFixed(BILLING_DISPLAY.costDecimals)}
          </Text>
          <Text size="xs" c="dimmed">
            {overview.balance.toFixed(BILLING_DISPLAY.creditBalanceDecimals)} credits
          </Text>
          {paid && (
            <Button size="xs" variant="light" onClick={() => setDialog('top-up')}>
              Top up
            </Button>
          )}
        </Stack>
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Current Plan
          </Text>
          <Group gap="xs">
            <Text fw={700} data-testid="plan-name">
              {overview.prebuiltPlan?.name ?? PLANS[overview.plan].label}
            </Text>
            {paid && overview.status && (
              <Badge color={overview.cancels ? 'red' : 'green'} data-testid="plan-status">
                {overview.status}
              </Badge>
            )}
          </Group>
          <Text size="xs" c="dimmed" data-testid="plan-currency">
            Prices in {overview.currency} · {overview.taxDescription}
          </Text>
        </Stack>
        {paid && !overview.cancels && overview.periodEnd && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Next Billing
            </Text>
            <Text fw={700} data-testid="next-billing">
              {formatDate(overview.periodEnd)}
            </Text>
          </Stack>
        )}
        <Stack gap={4}>
          <Text size="sm" c="dimmed">
            Cost This Month
          </Text>
          <Text fw={700} data-testid="cost-this-month">
            ${(used * BASE_USD_PER_CREDIT).toFixed(BILLING_DISPLAY.costDecimals)}
          </Text>
        </Stack>
      </SimpleGrid>
      <Stack gap={4} mt="md" data-testid="usage-this-month">
        <Group justify="space-between">
          <Text size="sm" c="dimmed">
            Usage This Month
          </Text>
          <Text size="xs">
            {used.toLocaleString()} / {total.toLocaleString()} credits
          </Text>
        </Group>
        <Progress value={usedPercent} color={usedPercent > BILLING_DISPLAY.usageDangerPercent ? 'red' : usedPercent > BILLING_DISPLAY.usageWarningPercent ? 'yellow' : 'blue'} />
        <Text size="xs" c="dimmed">
          {BILLING_DISPLAY.rolloverNote}
        </Text>
      </Stack>
      {paid && (
        <Group mt="md">
          {overview.cancels ? (
            <Button variant="light" onClick={() => setDialog('reactivate')}>
              Reactivate
            </Button>
          ) : (
            <Button variant="subtle" color="red" onClick={() => setDialog('cancel')}>
              Cancel subscription
            </Button>
          )}
        </Group>
      )}
      <TopUpModal opened={dialog === 'top-up'} onClose={close} overview={overview} region={region} workspaceId={workspaceId} onChange={onChange} />
      <CancelModal opened={dialog === 'cancel'} onClose={close} region={region} workspaceId={workspaceId} onChange={onChange} />
      <Modal opened={dialog === 'reactivate'} onClose={close} title="Reactivate Subscription">
        <Text size="sm">Your {PLANS[overview.plan].label} plan continues and renews{overview.periodEnd ? ` on ${formatDate(overview.periodEnd)}` : ''}.</Text>
        <Group justify="flex-end" mt="md">
          <Button variant="default" onClick={close}>
            Back
          </Button>
          <Button loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
            Reactivate Subscription
          </Button>
        </Group>
      </Modal>
      <PlansModal
        opened={dialog === 'plans'}
        onClose={close}
        overview={overview}
        onChoose={(plan) => {
          setChosenPlan(plan);
          setWithAddons([]);
          setDialog('confirm');
        }}
      />
      <ConfirmSubscriptionModal
        key={chosenPlan}
        opened={dialog === 'confirm'}
        onClose={close}
        plan={chosenPlan}
        addons={withAddons}
        overview={overview}
        region={region}
        workspaceId={workspaceId}
        onContinue={(discountCode) => {
          close();
          setPayment({ kind: 'subscribe', plan: chosenPlan, addons: withAddons, ...(discountCode ? { discountCode } : {}) });
        }}
      />
      <AddonsModal opened={dialog === 'addons'} onClose={close} overview={overview} region={region} workspaceId={workspaceId} onChange={onChange} />
      {payment && <PaymentModal opened onClose={() => setPayment(null)} purpose={payment} region={region} workspaceId={workspaceId} onDone={onChange} />}
    </Paper>
    <WhitelabelOffers
      overview={overview}
      region={region}
      workspaceId={workspaceId}
      onChange={onChange}
      onAddon={() => setDialog('addons')}
      onUpgrade={() => {
        setChosenPlan('pay_as_you_go');
        setWithAddons([{ addonKey: 'whitelabel-new', quantity: 1 }]);
        setDialog('confirm');
      }}
    />
    </>
  );
}

function TopUpModal({ opened, onClose, overview, region, workspaceId, onChange }: PanelProps & { opened: boolean; onClose: () => void }) {
  const [amount, setAmount] = useState<number | string>(10);
  const value = Number(amount);
  const tooLow = !Number.isFinite(value) || value < TOP_UP_MINIMUM;
  const topUp = useMutation({
    mutationFn: () => callApi(BILLING_API.topUpUsd, { region, body: { userId: workspaceId, region, amount: value, currency: overview.currency.toLowerCase() as 'usd' } }),
    onSuccess: () => {
      notify.success(BILLING_API_MESSAGES.toppedUp);
      onChange();
      onClose();
    },
    onError: (err) => notify.error(errorText(err, BILLING_API_MESSAGES.topUpFailed)),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Add to credit balance">
      <NumberInput label={`Amount (${overview.currency})`} value={amount} onChange={setAmount} min={0} decimalScale={2} error={tooLow ? MESSAGES.billing.topUpMinimum : undefined} />
      <Button mt="md" fullWidth disabled={tooLow} loading={topUp.isPending} onClick={() => topUp.mutate()}>
        Confirm
      </Button>
    </Modal>
  );
}

function CancelModal({ opened, onClose, region, workspaceId, onChange }: Omit<PanelProps, 'overview'> & { opened: boolean; onClose: () => void }) {
  const [reason, setReason] = useState<CancellationReason | null>(null);
  const [otherReason, setOtherReason] = useState('');
  const needsText = reason === OTHER_CANCELLATION_REASON;
  const cancel = useMutation({
    mutationFn: () => callApi(BILLING_API.cancelSubscription, { region, body: { userId: workspaceId, region, reason: reason!, ...(needsText ? { otherReason } : {}) } }),
    onSuccess: (r) => {
      notify.success(r.message);
      onChange();
      onClose();
    },
    onError: () => notify.error(BILLING_API_MESSAGES.cancelFailed),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Cancel Subscription">
      <Select label="Reason" data={[...CANCELLATION_REASONS]} value={reason} onChange={(v) => setReason(v as CancellationReason | null)} />
      {needsText && <Textarea mt="sm" label="Tell us more" value={otherReason} onChange={(e) => setOtherReason(e.currentTarget.value)} />}
      <Button mt="md" color="red" fullWidth disabled={!reason || (needsText && !otherReason.trim())} loading={cancel.isPending} onClick={() => cancel.mutate()}>
        Cancel subscription
      </Button>
    </Modal>
  );
}

function AutomaticRecharge({ overview, region, workspaceId, onChange }: PanelProps) {
  const saved = overview.autoRecharge;
  const [enabled, setEnabled] = useState(saved.enabled);
  const [threshold, setThreshold] = useState(String(saved.threshold));
  const [amount, setAmount] = useState(String(saved.amount));
  const [limit, setLimit] = useState(String(saved.monthlyChargeLimit));
  const free = overview.plan === 'free';
  const save = useMutation({
    mutationFn: () =>
      callApi(BILLING_API.saveAutoBilling, {
        region,
        body: { uid: workspaceId, autoBilling: enabled, threshold: Number(threshold), amount: Number(amount), monthlyChargeLimit: Number(limit) },
      }),
    onSuccess: (r) => {
      notify.success(r.message);
      onChange();
    },
    onError: (err) => {
      notify.error(`Error: ${errorText(err, BILLING_UI_MESSAGES.saveSettingsFailed)}`);
      // A failed save restores the previous values.
      setEnabled(saved.enabled);
      setThreshold(String(saved.threshold));
      setAmount(String(saved.amount));
      setLimit(String(saved.monthlyChargeLimit));
    },
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="auto-recharge">
      <Text fw={700}>Automatic Recharge</Text>
      {free && (
        <Text size="sm" c="dimmed">
          {MESSAGES.billing.autoRechargeOnFreePlan}
        </Text>
      )}
      <Switch mt="sm" label="Recharge automatically" checked={enabled} disabled={free} onChange={(e) => setEnabled(e.currentTarget.checked)} />
      {enabled && (
        <SimpleGrid cols={{ base: 1, sm: 3 }} mt="sm">
          <Select label="When credits fall below" data={sliderOptions(WORKSPACE_AUTO_RECHARGE.threshold, String)} value={threshold} onChange={(v) => v && setThreshold(v)} />
          <Select label="Recharge amount" data={sliderOptions(WORKSPACE_AUTO_RECHARGE.amount, (v) => `$${v}`)} value={amount} onChange={(v) => v && setAmount(v)} />
          <Select
            label="Monthly charge limit"
            data={sliderOptions(WORKSPACE_AUTO_RECHARGE.monthlyChargeLimit, (v) => (v === 0 ? BILLING_DISPLAY.noLimitLabel : `$${v}`))}
            value={limit}
            onChange={(v) => v && setLimit(v)}
          />
        </SimpleGrid>
      )}
      {!free && (
        <Button mt="md" loading={save.isPending} onClick={() => save.mutate()}>
          Save
        </Button>
      )}
    </Paper>
  );
}
