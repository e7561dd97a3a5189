import { useState } from 'react';
import { AGENCY_BILLING, CONNECT_API, MESSAGES, type AgencySubscriptionPlan, type Region } from '@platform/contracts';
import { ActionIcon, ApiError, Badge, Button, Card, Group, Modal, NumberInput, Stack, Switch, Text, TextInput, callApi, notify } from '@platform/ui';
import { initialPlans, planPrice, plansProblem } from './auto-billing';

interface Props {
  region: Region;
  workspaceId: string;
  accountId: string;
  extraUsd: number;
  saved: AgencySubscriptionPlan[] | undefined;
  onClose: () => void;
  onSaved: () => void;
}

/** The agency's subscription plans (billing §2, §5, §9): name, credits, computed price, popular, 1 to 5 features. */
export function AgencyPlansModal({ region, workspaceId, accountId, extraUsd, saved, onClose, onSaved }: Props) {
  const [plans, setPlans] = useState<AgencySubscriptionPlan[]>(() => initialPlans(saved));
  const [saving, setSaving] = useState(false);
  const change = (index: number, patch: Partial<AgencySubscriptionPlan>) => setPlans((all) => all.map((plan, i) => (i === index ? { ...plan, ...patch } : plan)));
  const changeFeature = (index: number, at: number, text: string) => change(index, { features: plans[index]!.features.map((f, i) => (i === at ? text : f)) });

  const save = async () => {
    const problem = plansProblem(plans);
    if (problem) return notify.error(problem);
    setSaving(true);
    try {
      await callApi(CONNECT_API.upsertAgencyPlans, { region, body: { agencyAccountId: accountId, workspaceId, plans: plans.map(({ price: _price, ...plan }) => plan) } });
      notify.success(MESSAGES.billing.plansSaved);
      onSaved();
    } catch (error) {
      notify.error(error instanceof ApiError && error.message ? MESSAGES.billing.plansSaveFailedBecause(error.message) : MESSAGES.billing.plansSaveFailed);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Subscription plans" size="lg" data-testid="agency-plans-modal">
      <Stack gap="md">
        {plans.map((plan, index) => {
          const full = plan.features.length >= AGENCY_BILLING.maxFeaturesPerPlan;
          return (
            <Card withBorder key={index} data-testid={`agency-plan-${index}`}>
              <Stack gap="xs">
                <Group justify="space-between">
                  <TextInput label="Plan name" value={plan.name} onChange={(e) => change(index, { name: e.currentTarget.value })} data-testid={`plan-name-${index}`} />
                  {plan.isPopular ? <Badge color="grape">Popular</Badge> : null}
                </Group>
                <Group grow>
                  <NumberInput label="Credits" min={1} step={500} value={plan.credits} onChange={(value) => change(index, { credits: Number(value) || 0 })} data-testid={`plan-credits-${index}`} />
                  <TextInput label="Price (USD / month)" value={planPrice(plan.credits, extraUsd).toFixed(2)} readOnly data-testid={`plan-price-${index}`} />
                </Group>
                <Switch label="Mark as popular" checked={plan.isPopular ?? false} onChange={(e) => change(index, { isPopular: e.currentTarget.checked })} />
                <Text size="sm" fw={500}>Features</Text>
                {plan.features.map((feature, at) => (
                  <Group key={at} gap="xs" wrap="nowrap">
                    <TextInput style={{ flex: 1 }} value={feature} onChange={(e) => changeFeature(index, at, e.currentTarget.value)} aria-label={`Feature ${at + 1}`} />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label="Remove feature"
                      disabled={plan.features.length === 1}
                      onClick={() => change(index, { features: plan.features.filter((_f, i) => i !== at) })}
                    >
                      ×
                    </ActionIcon>
                  </Group>
                ))}
                {/* at 5 the button says so and a click answers the spec's notice */}
                <Button
                  variant="light"
                  size="xs"
                  color={full ? 'gray' : undefined}
                  data-testid={`add-feature-${index}`}
                  onClick={() => (full ? notify.error(MESSAGES.billing.planFeaturesMax) : change(index, { features: [...plan.features, ''] }))}
                >
                  {full ? MESSAGES.billing.maxFeaturesButton : 'Add Feature'}
                </Button>
              </Stack>
            </Card>
          );
        })}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={save} loading={saving} data-testid="save-plans">Save Plans</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
