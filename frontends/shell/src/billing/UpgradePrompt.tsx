import { Link, useLocation } from 'react-router-dom';
import { shouldShowUpgradePrompt } from '@platform/contracts';
import { Alert, Button } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';
import { useBillingOverview } from './use-billing-overview';

/**
 * The upgrade prompt (agency-shell-clients §6): a workspace without a subscription with fewer
 * than 500 credits (billing's balance) is offered Pay as you go; never on agent pages. The
 * account's age is not in the session's workspace summary, so only the balance rule applies.
 */
export function UpgradePrompt() {
  const { region } = useWorkspace();
  const { pathname } = useLocation();
  const overview = useBillingOverview();
  if (!overview.data) return null;
  const subscribed = overview.data.plan !== 'free';
  const show = shouldShowUpgradePrompt({
    workspace: { stripeSubscriptionId: subscribed ? 'subscribed' : undefined, loadTokens: overview.data.balance },
    pathname,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (!show || pathname.endsWith('/account/billing')) return null;
  return (
    <Alert color="orange" mb="md" title="Running low on credits" data-testid="upgrade-prompt">
      Upgrade to Pay as you go to keep your agents answering.{' '}
      <Button component={Link} to={`/app/${region}/account/billing`} size="compact-xs" color="orange">
        Upgrade Plan
      </Button>
    </Alert>
  );
}
