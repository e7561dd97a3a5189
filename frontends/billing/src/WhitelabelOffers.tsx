import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { BILLING_API, BILLING_API_MESSAGES, BILLING_UI_MESSAGES, WHITELABEL, whitelabelTrialState, type BillingOverview, type Region } from '@platform/contracts';
import { Button, Group, Modal, Paper, Text, Title, callApi, notify } from '@platform/ui';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);

/**
 * The whitelabel offers (agency-shell-clients §6) while the workspace has neither the add-on nor
 * a running trial: the add-on on a paid plan, Pay as you go with the add-on on the free plan,
 * and the 14-day trial to a workspace eligible for it (whitelabelTrialState, as the sidebar; its success modal).
 */
export function WhitelabelOffers({ overview, region, workspaceId, onAddon, onUpgrade, onChange }: { overview: BillingOverview; region: Region; workspaceId: string; onAddon: () => void; onUpgrade: () => void; onChange: () => void }) {
  const [started, setStarted] = useState<number | null>(null);
  const trial = useMutation({
    mutationFn: () => callApi(BILLING_API.activateWhitelabelTrial, { region, body: { userId: workspaceId, region } }),
    onSuccess: (r) => {
      setStarted(r.trialEndsAt);
      onChange();
    },
    onError: (err) => notify.error(errorText(err, BILLING_UI_MESSAGES.genericError)),
  });
  const whitelabel = overview.whitelabel;
  if (!whitelabel || (whitelabel.entitled && started === null)) return null;
  const trialOffered = whitelabelTrialState(whitelabel, Date.now()).kind === 'eligible';
  return (
    <Paper withBorder p="md" radius="md" data-testid="whitelabel-offers">
      <Text fw={700}>Whitelabel</Text>
      <Text size="sm" c="dimmed" mb="sm">
        Resell agents under your own brand, with your domain and a client dashboard.
      </Text>
      <Group gap="xs">
        {overview.plan === 'free' ? (
          <Button size="xs" onClick={onUpgrade}>
            {WHITELABEL.upgradeOffer}
          </Button>
        ) : (
          <Button size="xs" onClick={onAddon}>
            {WHITELABEL.addonOffer}
          </Button>
        )}
        {trialOffered && (
          <Button size="xs" variant="light" loading={trial.isPending} onClick={() => trial.mutate()}>
            {WHITELABEL.trialOffer}
          </Button>
        )}
      </Group>
      <Modal opened={started !== null} onClose={() => setStarted(null)} title="Whitelabel trial">
        <Title order={4}>{BILLING_API_MESSAGES.whitelabelTrialStarted}</Title>
        {started !== null && <Text size="sm">It ends on {new Date(started).toLocaleDateString()}.</Text>}
        <Group justify="flex-end" mt="md">
          <Button onClick={() => setStarted(null)}>Done</Button>
        </Group>
      </Modal>
    </Paper>
  );
}
