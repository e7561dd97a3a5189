import { Link } from 'react-router-dom';
import { WHITELABEL } from '@platform/contracts';
import { Button, Paper, Text } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';

/** Whitelabel trial offer; starting the trial (stripe.activateWhitelabelTrial) arrives with billing. */
export function TrialBanner() {
  const { region } = useWorkspace();
  return (
    <Paper withBorder p="xs" radius="md" data-testid="trial-banner">
      <Text size="xs" mb={6}>
        {WHITELABEL.trialOfferDetail}
      </Text>
      <Button component={Link} to={`/app/${region}/agency`} size="compact-xs" variant="light" fullWidth>
        {WHITELABEL.trialOffer}
      </Button>
    </Paper>
  );
}
