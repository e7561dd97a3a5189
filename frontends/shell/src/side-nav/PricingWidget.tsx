import { Link } from 'react-router-dom';
import { DEFAULT_PLAN_LIMITS, PLANS } from '@platform/contracts';
import { Button, Paper, Text } from '@platform/ui';
import { useBillingOverview } from '../billing/use-billing-overview';
import { useWorkspace } from '../contexts/workspace-context';

/** Current plan at a glance (billing's overview of the selected workspace) with the way to the billing page. */
export function PricingWidget() {
  const { region } = useWorkspace();
  const overview = useBillingOverview();
  const plan = overview.data?.plan ?? 'free';
  // a pre-built agency plan goes by its own name (ADR 0045)
  const prebuilt = overview.data?.prebuiltPlan;
  return (
    <Paper withBorder p="xs" radius="md" data-testid="pricing-widget">
      <Text size="xs" fw={700}>
        {prebuilt?.name ?? PLANS[plan].label} plan
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {plan === 'free'
          ? `${DEFAULT_PLAN_LIMITS.maxAgents} agents · ${DEFAULT_PLAN_LIMITS.workspaceSeats} seats`
          : prebuilt
            ? `Agency plan · billed ${prebuilt.billingCycle}`
            : 'Unlimited agents · add-ons available'}
      </Text>
      <Button component={Link} to={`/app/${region}/account/billing`} size="compact-xs" fullWidth>
        {plan === 'free' ? 'View plans' : 'Manage plan'}
      </Button>
    </Paper>
  );
}
