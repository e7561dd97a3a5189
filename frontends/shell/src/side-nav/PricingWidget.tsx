import { Link } from 'react-router-dom';
import { DEFAULT_PLAN_LIMITS, PLANS } from '@platform/contracts';
import { Button, Paper, Text } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/** Current plan at a glance with the way to upgrade (plan data arrives with billing). */
export function PricingWidget() {
  const { region } = useWorkspace();
  return (
    <Paper withBorder p="xs" radius="md" data-testid="pricing-widget">
      <Text size="xs" fw={700}>
        {PLANS.free.label} plan
      </Text>
      <Text size="xs" c="dimmed" mb={6}>
        {DEFAULT_PLAN_LIMITS.maxAgents} agents · {DEFAULT_PLAN_LIMITS.workspaceSeats} seats
      </Text>
      <Button component={Link} to={`/app/${region}/account/billing`} size="compact-xs" fullWidth>
        View plans
      </Button>
    </Paper>
  );
}
