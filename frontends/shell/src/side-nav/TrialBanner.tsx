import { Link } from 'react-router-dom';
import { WHITELABEL, whitelabelTrialState, type Region, type WhitelabelEntitlement } from '@platform/contracts';
import { Button, Paper, Text } from '@platform/ui';
import { useBillingOverview } from '../billing/use-billing-overview';
import { useWorkspace } from '../contexts/workspace-context';

/** The sidebar's whitelabel trial banner, from billing's overview of the selected workspace. */
export function TrialBanner() {
  const { region } = useWorkspace();
  const overview = useBillingOverview();
  return <TrialBannerView region={region} whitelabel={overview.data?.whitelabel} now={Date.now()} />;
}

/**
 * The offer (Start Trial, to the billing page where the trial starts) only to a workspace eligible
 * for a trial; the days left while it runs; nothing with the paid add-on or after the trial.
 */
export function TrialBannerView({ region, whitelabel, now }: { region: Region; whitelabel: WhitelabelEntitlement | undefined; now: number }) {
  const state = whitelabelTrialState(whitelabel, now);
  if (state.kind === 'none') return null;
  if (state.kind === 'running') {
    return (
      <Paper withBorder p="xs" radius="md" data-testid="trial-banner">
        <Text size="xs" fw={700}>
          {WHITELABEL.trialRunning}
        </Text>
        <Text size="xs" c="dimmed" mb={6} data-testid="trial-days-left">
          {WHITELABEL.trialDaysLeft(state.daysLeft)}
        </Text>
        <Button component={Link} to={`/app/${region}/agency`} size="compact-xs" variant="light" fullWidth>
          {WHITELABEL.trialManage}
        </Button>
      </Paper>
    );
  }
  return (
    <Paper withBorder p="xs" radius="md" data-testid="trial-banner">
      <Text size="xs" mb={6}>
        {WHITELABEL.trialOfferDetail}
      </Text>
      <Button component={Link} to={`/app/${region}/account/billing`} size="compact-xs" variant="light" fullWidth>
        {WHITELABEL.trialOffer}
      </Button>
    </Paper>
  );
}
