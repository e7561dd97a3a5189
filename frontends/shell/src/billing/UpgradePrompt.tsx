import { useQuery } from '@tanstack/react-query';
import { Link, useLocation } from 'react-router-dom';
import { UPGRADE_PROMPT, shouldShowUpgradePrompt } from '@platform/contracts';
import { Alert, Button, workspaceApi } from '@platform/ui';
import { useWorkspace } from '../contexts/workspace-context';
import { useBillingOverview } from './use-billing-overview';

/**
 * The upgrade prompt (agency-shell-clients §6): a workspace without a subscription whose account
 * is older than 7 days (its joinedAt) or holds fewer than 500 credits (billing's balance) is
 * offered Pay as you go; never on agent pages.
 */
export function UpgradePrompt() {
  const { region, workspace } = useWorkspace();
  const { pathname } = useLocation();
  const overview = useBillingOverview();
  const joined = useQuery({
    queryKey: ['workspace-joined-at', region, workspace?.uid],
    queryFn: () => workspaceApi.getWorkspace(region, workspace!.uid).then((r) => r.data.joinedAt ?? null),
    enabled: Boolean(workspace),
    staleTime: Infinity,
  });
  if (!overview.data || joined.isLoading) return null;
  const subscribed = overview.data.plan !== 'free';
  const show = shouldShowUpgradePrompt({
    workspace: { stripeSubscriptionId: subscribed ? 'subscribed' : undefined, loadTokens: overview.data.balance, joinedAt: joined.data ?? undefined },
    pathname,
    nowSeconds: Math.floor(Date.now() / 1000),
  });
  if (!show || pathname.endsWith('/account/billing')) return null;
  return (
    <Alert color="orange" mb="md" title={overview.data.balance < UPGRADE_PROMPT.minTokens ? 'Running low on credits' : 'Upgrade your plan'} data-testid="upgrade-prompt">
      Upgrade to Pay as you go to keep your agents answering.{' '}
      <Button component={Link} to={`/app/${region}/account/billing`} size="compact-xs" color="orange">
        Upgrade Plan
      </Button>
    </Alert>
  );
}
