import { useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  BILLING_API,
  BILLING_DISPLAY,
  CANCELLATION_REASONS,
  MESSAGES,
  OTHER_CANCELLATION_REASON,
  PLANS,
  TOP_UP_MINIMUM,
  WORKSPACE_AUTO_RECHARGE,
  type BillingOverview,
  type CancellationReason,
  type Region,
} from '@platform/contracts';
import { UsageCharts } from './UsageCharts';
import { Alert, Badge, Button, Group, Modal, NumberInput, PageHeader, Paper, Select, SimpleGrid, Stack, Switch, Text, Textarea, callApi, notify, type RemoteProps } from '@platform/ui';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
const sliderOptions = ({ min, max, step }: { min: number; max: number; step: number }, label: (v: number) => string) =>
  Array.from({ length: Math.floor((max - min) / step) + 1 }, (_, i) => min + i * step).map((v) => ({ value: String(v), label: label(v) }));
const formatDate = (unixSeconds: number) => new Date(unixSeconds * 1000).toLocaleDateString();

/** /app/{region}/account/billing: the Current Plan panel, top-up, Automatic Recharge and cancellation (billing §2). */
export function BillingScreen({ region, workspaceId }: RemoteProps['billing']) {
  const queryKey = ['billing-overview', region, workspaceId];
  const overview = useQuery({ queryKey, queryFn: () => callApi(BILLING_API.getBillingOverview, { region, params: { uid: workspaceId } }).then((r) => r.data) });
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey });

  return (
    <div data-testid="billing-page">
      <PageHeader title="Billing" description="Your plan, balance and payments" />
      {overview.isError && <Alert color="red">Failed to load subscription data</Alert>}
      {overview.data && (
        <Stack gap="md">
          <CurrentPlan overview={overview.data} region={region} workspaceId={workspaceId} onChange={refresh} />
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

function CurrentPlan({ overview, region, workspaceId, onChange }: PanelProps) {
  const [topUpOpen, setTopUpOpen] = useState(false);
  const [cancelOpen, setCancelOpen] = useState(false);
  const paid = overview.plan !== 'free';
  const reactivate = useMutation({
    mutationFn: () => callApi(BILLING_API.reactivateSubscription, { region, body: { userId: workspaceId, region } }),
    onSuccess: (r) => {
      notify.success(r.message);
      onChange();
    },
    onError: () => notify.error('Error reactivating subscription'),
  });
  return (
    <Paper withBorder p="md" radius="md" data-testid="current-plan">
      <Text fw={700} mb="sm">
        Current Plan
      </Text>
      {overview.cancels && overview.periodEnd && (
        <Alert color="red" mb="sm" data-testid="cancelling-banner">
          Your subscription is cancelled and ends on {formatDate(overview.periodEnd)}. Your plan then drops to {PLANS.free.label}.
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
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
            <Button size="xs" variant="light" onClick={() => setTopUpOpen(true)}>
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
              {PLANS[overview.plan].label}
            </Text>
            {paid && overview.status && <Badge color={overview.cancels ? 'red' : 'green'}>{overview.status}</Badge>}
          </Group>
          <Text size="xs" c="dimmed">
            Prices in {overview.currency} · {overview.taxDescription}
          </Text>
        </Stack>
        {paid && !overview.cancels && overview.periodEnd && (
          <Stack gap={4}>
            <Text size="sm" c="dimmed">
              Next Billing
            </Text>
            <Text fw={700}>{formatDate(overview.periodEnd)}</Text>
          </Stack>
        )}
      </SimpleGrid>
      {paid && (
        <Group mt="md">
          {overview.cancels ? (
            <Button variant="light" loading={reactivate.isPending} onClick={() => reactivate.mutate()}>
              Reactivate
            </Button>
          ) : (
            <Button variant="subtle" color="red" onClick={() => setCancelOpen(true)}>
              Cancel subscription
            </Button>
          )}
        </Group>
      )}
      <TopUpModal opened={topUpOpen} onClose={() => setTopUpOpen(false)} overview={overview} region={region} workspaceId={workspaceId} onChange={onChange} />
      <CancelModal opened={cancelOpen} onClose={() => setCancelOpen(false)} region={region} workspaceId={workspaceId} onChange={onChange} />
    </Paper>
  );
}

function TopUpModal({ opened, onClose, overview, region, workspaceId, onChange }: PanelProps & { opened: boolean; onClose: () => void }) {
  const [amount, setAmount] = useState<number | string>(10);
  const value = Number(amount);
  const tooLow = !Number.isFinite(value) || value < TOP_UP_MINIMUM;
  const topUp = useMutation({
    mutationFn: () => callApi(BILLING_API.topUpUsd, { region, body: { userId: workspaceId, region, amount: value, currency: overview.currency.toLowerCase() as 'usd' } }),
    onSuccess: () => {
      notify.success('Successfully topped up balance');
      onChange();
      onClose();
    },
    onError: (err) => notify.error(errorText(err, 'Failed to top up balance')),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Top up balance">
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
    onError: () => notify.error('Error cancelling subscription'),
  });
  return (
    <Modal opened={opened} onClose={onClose} title="Cancel subscription">
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
      notify.error(`Error: ${errorText(err, 'Failed to save settings')}`);
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
