import { useEffect, useState } from 'react';
import { useMutation, useQuery } from '@tanstack/react-query';
import {
  ADDONS,
  ADDON_KEYS,
  ADDON_RULES,
  BILLING_API,
  BILLING_API_MESSAGES,
  BILLING_UI_MESSAGES,
  MESSAGES,
  countryBillingInfo,
  type AddonKey,
  type BillingOverview,
  type Region,
} from '@platform/contracts';
import { Alert, Button, Group, Loader, Modal, NumberInput, Stack, Text, callApi, notify } from '@platform/ui';
import { formatMoney } from './prices';

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
const maxOf = (key: AddonKey) => (key === 'whitelabel-new' ? ADDON_RULES.whitelabelMaxQuantity : ADDON_RULES.maxQuantity);

/** The add-on purchase modal and its 'Confirm Addon Changes' dialog (billing.md §2, §5). */
export function AddonsModal({ opened, onClose, overview, region, workspaceId, onChange }: { opened: boolean; onClose: () => void; overview: BillingOverview; region: Region; workspaceId: string; onChange: () => void }) {
  const billing = countryBillingInfo(overview.countryCode);
  const status = useQuery({
    queryKey: ['addon-status', region, workspaceId],
    queryFn: () => callApi(BILLING_API.checkAddonStatus, { region, body: { userId: workspaceId, region, addonKeys: [...ADDON_KEYS] } }),
    enabled: opened,
  });
  const current = Object.fromEntries((status.data?.addons ?? []).map((a) => [a.addonKey, a.quantity])) as Partial<Record<AddonKey, number>>;
  const [wanted, setWanted] = useState<Partial<Record<AddonKey, number>>>({});
  const [confirming, setConfirming] = useState(false);
  useEffect(() => {
    if (status.data) setWanted(Object.fromEntries(status.data.addons.map((a) => [a.addonKey, a.quantity])));
  }, [status.data]);
  const changes = ADDON_KEYS.filter((key) => (wanted[key] ?? 0) !== (current[key] ?? 0));
  const save = useMutation({
    mutationFn: () =>
      callApi(BILLING_API.addAddons, {
        region,
        body: {
          userId: workspaceId,
          region,
          addons: changes.map((key) => ({
            addonId: key,
            name: ADDONS[key].name,
            price: ADDONS[key].prices[billing.currency].amount,
            quantity: wanted[key] ?? 0,
            incrementalQuantity: (wanted[key] ?? 0) - (current[key] ?? 0),
            currency: billing.currency,
          })),
        },
      }),
    onSuccess: (r) => {
      if (r.errors?.length) notify.error(BILLING_API_MESSAGES.someAddonsFailed);
      else notify.success(r.message);
      setConfirming(false);
      onChange();
      void status.refetch();
      onClose();
    },
    onError: (err) => notify.error(errorText(err, BILLING_UI_MESSAGES.addonsUpdateFailed)),
  });
  const review = () => {
    if (!changes.length) return notify.info(BILLING_UI_MESSAGES.noChanges);
    setConfirming(true);
  };

  return (
    <>
      <Modal opened={opened && !confirming} onClose={onClose} title="Add-ons" size="lg" data-testid="addons-modal">
        {status.isLoading && <Loader />}
        {status.isError && <Alert color="red">{BILLING_UI_MESSAGES.addonsLoadFailed}</Alert>}
        {status.data && !status.data.hasSubscription && <Alert color="orange">{MESSAGES.billing.addonsNeedSubscription}</Alert>}
        {status.data?.hasSubscription && (
          <Stack gap="sm">
            {ADDON_KEYS.map((key) => (
              <Group key={key} justify="space-between" wrap="nowrap" data-testid={`addon-${key}`}>
                <div>
                  <Text fw={600}>{ADDONS[key].name}</Text>
                  <Text size="xs" c="dimmed">
                    {ADDONS[key].description} {formatMoney(ADDONS[key].prices[billing.currency].amount, billing)}
                    {ADDONS[key].period}
                  </Text>
                </div>
                <NumberInput
                  aria-label={`${ADDONS[key].name} quantity`}
                  w={90}
                  min={ADDON_RULES.minQuantity}
                  max={maxOf(key)}
                  clampBehavior="strict"
                  allowDecimal={false}
                  value={wanted[key] ?? 0}
                  onChange={(v) => setWanted({ ...wanted, [key]: Number(v) || 0 })}
                />
              </Group>
            ))}
            <Text size="xs" c="dimmed">
              {BILLING_UI_MESSAGES.addonsNextCycle}
            </Text>
            <Button onClick={review}>Review changes</Button>
          </Stack>
        )}
      </Modal>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Confirm Addon Changes" data-testid="confirm-addons">
        <Stack gap="xs">
          {changes.map((key) => (
            <Text key={key} size="sm">
              {ADDONS[key].name}: {current[key] ?? 0} → {wanted[key] ?? 0} ({formatMoney(ADDONS[key].prices[billing.currency].amount * (wanted[key] ?? 0), billing)}
              {ADDONS[key].period})
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {BILLING_UI_MESSAGES.addonsNextCycle}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Back
            </Button>
            <Button loading={save.isPending} onClick={() => save.mutate()}>
              Confirm
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}
