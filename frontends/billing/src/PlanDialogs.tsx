import { useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import {
  BILLING_API,
  BILLING_UI_MESSAGES,
  ENTERPRISE_ACTIONS,
  MESSAGES,
  PLANS,
  PLAN_KEYS,
  countryBillingInfo,
  type BillingOverview,
  type Discount,
  type PlanKey,
  type Region,
} from '@platform/contracts';
import { Alert, Badge, Button, Group, Modal, Paper, PRODUCT, SimpleGrid, Stack, Text, TextInput, Anchor, List, callApi } from '@platform/ui';
import { formatMoney, planTotal } from './prices';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
const billingOf = (overview: BillingOverview) => countryBillingInfo(overview.countryCode);

/** 'Modify Your Plan': the three plans in the workspace's currency, with the tax line of its country. */
export function PlansModal({ opened, onClose, overview, onChoose }: { opened: boolean; onClose: () => void; overview: BillingOverview; onChoose: (plan: PlanKey) => void }) {
  const billing = billingOf(overview);
  return (
    <Modal opened={opened} onClose={onClose} title="Modify Your Plan" size="xl" data-testid="plans-modal">
      <Text size="sm" c="dimmed" mb="sm" data-testid="plans-tax">
        Prices in {billing.currency} · {billing.taxDescription}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        {PLAN_KEYS.map((key) => {
          const plan = PLANS[key];
          const price = plan.prices[billing.currency];
          const current = overview.plan === key;
          return (
            <Paper key={key} withBorder p="md" radius="md" data-testid={`plan-${key}`}>
              <Group justify="space-between">
                <Text fw={700}>{plan.label}</Text>
                {plan.popular && <Badge>Popular</Badge>}
              </Group>
              <Text size="sm" c="dimmed">
                {plan.description}
              </Text>
              <Group gap={6} align="baseline" mt="sm">
                <Text fz={28} fw={700} data-testid={`plan-${key}-price`}>
                  {formatMoney(price.amount, billing).replace(/\.00$/, '')}
                  {key === 'enterprise' ? '+' : ''}
                </Text>
                {price.originalAmount !== undefined && (
                  <Text td="line-through" c="dimmed">
                    {formatMoney(price.originalAmount, billing).replace(/\.00$/, '')}
                  </Text>
                )}
                <Text size="sm">
                  {plan.period} {key === 'pay_as_you_go' ? plan.additionalInfo : ''}
                </Text>
              </Group>
              {billing.taxRate > 0 && key !== 'free' && (
                <Text size="xs" c="dimmed">
                  + {billing.taxDescription}
                </Text>
              )}
              <List size="sm" mt="sm" mb="md">
                {plan.features.map((f) => (
                  <List.Item key={f}>{f}</List.Item>
                ))}
              </List>
              {key === 'enterprise' ? (
                <Group gap="xs">
                  {ENTERPRISE_ACTIONS.map((action) => (
                    <Anchor key={action} href={`mailto:${PRODUCT.supportEmail}?subject=${encodeURIComponent(`${action}: ${plan.label}`)}`} size="sm">
                      {action}
                    </Anchor>
                  ))}
                </Group>
              ) : (
                <Button fullWidth disabled={current || key === 'free'} variant={current ? 'light' : 'filled'} onClick={() => onChoose(key)}>
                  {current ? BILLING_UI_MESSAGES.currentPlan : key === 'free' ? plan.label : plan.callToAction}
                </Button>
              )}
            </Paper>
          );
        })}
      </SimpleGrid>
    </Modal>
  );
}

/** 'Confirm Subscription': the plan, its price with tax, and a discount code checked before paying. */
export function ConfirmSubscriptionModal({
  opened,
  onClose,
  plan,
  overview,
  region,
  workspaceId,
  onContinue,
}: {
  opened: boolean;
  onClose: () => void;
  plan: PlanKey;
  overview: BillingOverview;
  region: Region;
  workspaceId: string;
  onContinue: (discountCode?: string) => void;
}) {
  const billing = billingOf(overview);
  const total = planTotal(plan, billing);
  const [code, setCode] = useState('');
  const [discount, setDiscount] = useState<{ code: string; discount: Discount } | null>(null);
  const [codeError, setCodeError] = useState<string | null>(null);
  const check = useMutation({
    mutationFn: (discountCode: string) => callApi(BILLING_API.checkDiscountCode, { region, body: { discountCode, userId: workspaceId, region } }),
    onSuccess: (r, discountCode) => setDiscount({ code: discountCode, discount: r.discount }),
    onError: (err) => setCodeError(errorText(err, MESSAGES.billing.discountCodeInvalid)),
  });
  const apply = () => {
    setDiscount(null);
    setCodeError(null);
    if (!code.trim()) return setCodeError(MESSAGES.billing.discountCodeRequired);
    check.mutate(code.trim());
  };
  const off = discount?.discount.percent_off ? `${discount.discount.percent_off}% off` : discount?.discount.amount_off ? `${formatMoney(discount.discount.amount_off / 100, billing)} off` : '';
  return (
    <Modal opened={opened} onClose={onClose} title="Confirm Subscription" data-testid="confirm-subscription">
      <Stack gap="sm">
        <Text>
          {PLANS[plan].label} ({PLANS[plan].description}): {formatMoney(total.net, billing)} {PLANS[plan].period} {PLANS[plan].additionalInfo}
        </Text>
        <Text size="sm" data-testid="confirm-tax">
          {billing.taxDescription}: {formatMoney(total.tax, billing)} · Total {formatMoney(total.total, billing)} {PLANS[plan].period}
        </Text>
        <Group align="flex-end" gap="xs">
          <TextInput label="Discount code" value={code} onChange={(e) => setCode(e.currentTarget.value)} error={codeError} style={{ flex: 1 }} />
          <Button variant="light" loading={check.isPending} onClick={apply}>
            Apply
          </Button>
        </Group>
        {discount && (
          <Alert color="green" data-testid="discount-applied">
            {discount.discount.name ?? discount.code}: {off} ({discount.discount.duration})
          </Alert>
        )}
        <Button onClick={() => onContinue(discount?.code)}>Continue to payment</Button>
      </Stack>
    </Modal>
  );
}
