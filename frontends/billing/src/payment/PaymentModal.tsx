import { useEffect, useMemo, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElementChangeEvent } from '@stripe/stripe-js';
import {
  ACCEPTED_PAYMENT_INTENT_STATUSES,
  BILLING_API,
  BILLING_API_MESSAGES,
  BILLING_UI_MESSAGES,
  MESSAGES,
  PAYMENT_METHOD_CHOICES,
  PLANS,
  WORKSPACE_API,
  countryBillingInfo,
  type AddonSelection,
  type BillingAddress,
  type PaymentMethod,
  type PlanKey,
  type Region,
} from '@platform/contracts';
import { Alert, Button, Group, Loader, Modal, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, TextInput, Title, callApi, notify } from '@platform/ui';
import { COUNTRY_OPTIONS, formatMoney, planTotal } from '../prices';
import { connectedStripe } from '../client/connected-stripe';
import { stripePromise } from './stripe-loader';

/** What the modal does: subscribe to a plan (with add-ons and a discount code), or only save a card. */
export type PaymentPurpose = { kind: 'subscribe'; plan: PlanKey; discountCode?: string; addons?: AddonSelection[] } | { kind: 'method' };

interface PaymentModalProps {
  opened: boolean;
  onClose: () => void;
  purpose: PaymentPurpose;
  region: Region;
  workspaceId: string;
  /** after a subscription or a saved card: the page reloads its data */
  onDone: () => void;
}

/** The payment modal's states (billing.md §4). */
type Step = { name: 'form' } | { name: 'creating' } | { name: 'confirming' } | { name: 'success'; nextBilling?: number } | { name: 'error'; message: string };

const errorText = (err: unknown, fallback: string) => (err instanceof Error && err.message ? err.message : fallback);
const EMPTY_ADDRESS: BillingAddress = { line1: '', line2: '', city: '', state: '', postal_code: '', country: '' };
const expiry = (card: PaymentMethod['card']) => `${String(card?.exp_month ?? '').padStart(2, '0')}/${String(card?.exp_year ?? '').slice(-2)}`;

export function PaymentModal(props: PaymentModalProps) {
  const { opened, onClose, purpose } = props;
  const title = purpose.kind === 'subscribe' ? BILLING_UI_MESSAGES.paymentFor(PLANS[purpose.plan].label) : BILLING_UI_MESSAGES.paymentMethodTitle;
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="lg" data-testid="payment-modal">
      {opened && <PaymentLoader {...props} />}
    </Modal>
  );
}

/**
 * State 1: loading the saved details (card, e-mail) and Stripe.js, on the workspace's connected
 * account when billing names one (useMultipleStripes, ADR 0025): the card is created where it is charged.
 */
function PaymentLoader(props: PaymentModalProps) {
  const [stripe, setStripe] = useState<Promise<Stripe | null> | null>(null);
  const [saved, setSaved] = useState<{ paymentMethod: PaymentMethod | null; email: string; stripeAccountId?: string } | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // 'Try again' after an error reads the saved details again (the card just saved is offered).
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    Promise.all([
      callApi(BILLING_API.getUserData, { region: props.region, body: { userId: props.workspaceId, region: props.region } }),
      callApi(WORKSPACE_API.getWorkspace, { region: props.region, params: { uid: props.workspaceId } }),
    ])
      .then(async ([userData, workspace]) => {
        const account = userData.data.stripeAccountId;
        const loading = account ? connectedStripe(account) : stripePromise();
        const loaded = await loading;
        if (!live) return;
        if (!loaded) return setFailure(BILLING_UI_MESSAGES.stripeNotInitialized);
        setStripe(loading);
        setSaved({ paymentMethod: userData.data.paymentMethod ?? null, email: (workspace.data as { email?: string }).email ?? '', stripeAccountId: account });
      })
      .catch((err: unknown) => live && setFailure(errorText(err, BILLING_UI_MESSAGES.missingConfiguration)));
    return () => {
      live = false;
    };
  }, [props.region, props.workspaceId, attempt]);

  if (failure) return <Alert color="red">{failure}</Alert>;
  if (!saved || !stripe)
    return (
      <Group justify="center" p="xl" data-testid="payment-loading">
        <Loader />
        <Text size="sm">Loading your payment details…</Text>
      </Group>
    );
  return (
    <Elements stripe={stripe}>
      <PaymentFlow
        key={attempt}
        {...props}
        savedMethod={saved.paymentMethod}
        stripeAccountId={saved.stripeAccountId}
        email={saved.email}
        onRetry={() => {
          setSaved(null);
          setAttempt((n) => n + 1);
        }}
      />
    </Elements>
  );
}

function PaymentFlow({ purpose, region, workspaceId, onClose, onDone, savedMethod, email, stripeAccountId, onRetry }: PaymentModalProps & { savedMethod: PaymentMethod | null; email: string; stripeAccountId?: string; onRetry: () => void }) {
  const stripe = useStripe();
  const elements = useElements();
  const [step, setStep] = useState<Step>({ name: 'form' });
  const [choice, setChoice] = useState<(typeof PAYMENT_METHOD_CHOICES)[number]>('Card');
  const [useSaved, setUseSaved] = useState(Boolean(savedMethod));
  const [name, setName] = useState(savedMethod?.billing_details?.name ?? '');
  const [address, setAddress] = useState<BillingAddress>({ ...EMPTY_ADDRESS, ...(savedMethod?.billing_details?.address ?? {}) });
  const [card, setCard] = useState<StripeCardElementChangeEvent | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const field = (key: keyof BillingAddress) => ({
    value: address[key] ?? '',
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => setAddress({ ...address, [key]: e.currentTarget.value }),
  });
  const billing = countryBillingInfo(address.country ?? undefined);
  const total = useMemo(() => (purpose.kind === 'subscribe' ? planTotal(purpose.plan, billing) : null), [purpose, billing]);

  async function submit() {
    setFormError(null);
    if (choice === 'Apple') return setFormError(BILLING_UI_MESSAGES.applePayNotImplemented);
    if (!stripe || !elements) return setFormError(BILLING_UI_MESSAGES.stripeNotInitialized);
    if (!email) return setFormError(BILLING_UI_MESSAGES.missingConfiguration);
    if (!address.line1?.trim() || !address.city?.trim() || !address.postal_code?.trim() || !address.country) return setFormError(MESSAGES.billing.addressIncomplete);
    const cardElement = elements.getElement(CardElement);
    if (!useSaved && !cardElement) return setFormError(BILLING_UI_MESSAGES.cardOrAddressMissing);
    setSubmitting(true);
    try {
      let paymentMethodId = savedMethod?.id;
      if (!useSaved) {
        const created = await stripe.createPaymentMethod({ type: 'card', card: cardElement!, billing_details: { name: name || undefined, email, address: cleanAddress(address) } });
        if (created.error) return setFormError(created.error.message ?? BILLING_UI_MESSAGES.genericError);
        paymentMethodId = created.paymentMethod.id;
      }
      try {
        await callApi(BILLING_API.upsertPaymentMethod, {
          region,
          body: { paymentMethodId: paymentMethodId!, userId: workspaceId, region, email, ...(name ? { name } : {}), address: cleanAddress(address), isNewPaymentMethod: !useSaved, ...(stripeAccountId ? { stripeAccountId } : {}) },
        });
      } catch (err) {
        return setFormError(errorText(err, purpose.kind === 'method' ? BILLING_UI_MESSAGES.updatePaymentFailed : BILLING_UI_MESSAGES.savePaymentFailed));
      }
      if (purpose.kind === 'method') {
        notify.success(BILLING_API_MESSAGES.paymentInformationUpdated);
        onDone();
        return onClose();
      }
      await subscribe(paymentMethodId!);
    } finally {
      setSubmitting(false);
    }
  }

  /** States 3 to 6: creating the subscription, 3-D Secure, then the success or error screen. */
  async function subscribe(paymentMethodId: string) {
    if (purpose.kind !== 'subscribe' || !stripe) return;
    setStep({ name: 'creating' });
    let created;
    try {
      created = await callApi(BILLING_API.createSubscription, {
        region,
        body: { planId: purpose.plan, region, userId: workspaceId, ...(purpose.discountCode ? { discountCode: purpose.discountCode } : {}), ...(purpose.addons?.length ? { addonsToShow: purpose.addons } : {}) },
      });
    } catch (err) {
      return setStep({ name: 'error', message: errorText(err, BILLING_UI_MESSAGES.genericError) });
    }
    if (created.clientSecret && created.requiresAction) {
      setStep({ name: 'confirming' });
      const confirmed = await stripe.confirmCardPayment(created.clientSecret, { payment_method: paymentMethodId });
      if (confirmed.error) return setStep({ name: 'error', message: `${BILLING_UI_MESSAGES.paymentConfirmationFailed}: ${confirmed.error.message ?? ''}` });
      const status = confirmed.paymentIntent.status;
      if (!(ACCEPTED_PAYMENT_INTENT_STATUSES as readonly string[]).includes(status)) return setStep({ name: 'error', message: BILLING_API_MESSAGES.paymentFailedWithStatus(status) });
      try {
        await callApi(BILLING_API.confirmSubscriptionPayment, { region, body: { paymentIntentId: confirmed.paymentIntent.id, subscriptionId: created.subscriptionId!, region, userId: workspaceId } });
      } catch (err) {
        return setStep({ name: 'error', message: errorText(err, BILLING_UI_MESSAGES.paymentConfirmationIncomplete) });
      }
    }
    const overview = await callApi(BILLING_API.getBillingOverview, { region, params: { uid: workspaceId } }).catch(() => null);
    setStep({ name: 'success', nextBilling: overview?.data.periodEnd });
    onDone();
  }

  if (step.name === 'creating' || step.name === 'confirming')
    return (
      <Stack align="center" p="xl" data-testid={`payment-${step.name}`}>
        <Loader />
        <Text>{step.name === 'creating' ? 'Creating your subscription…' : 'Confirming your payment (3D Secure verification)…'}</Text>
      </Stack>
    );
  if (step.name === 'success' && purpose.kind === 'subscribe')
    return (
      <Stack align="center" p="md" data-testid="payment-success">
        <Title order={3}>{BILLING_UI_MESSAGES.subscriptionCreated}</Title>
        <Text>
          You are now on the {PLANS[purpose.plan].label} plan ({PLANS[purpose.plan].description}).
        </Text>
        {step.nextBilling && <Text size="sm">Next billing: {new Date(step.nextBilling * 1000).toLocaleDateString()}</Text>}
        <Button onClick={onClose}>Done</Button>
      </Stack>
    );
  if (step.name === 'error')
    return (
      <Stack align="center" p="md" data-testid="payment-error">
        <Title order={3} c="red">
          {BILLING_UI_MESSAGES.subscriptionErrorTitle}
        </Title>
        <Text>{BILLING_UI_MESSAGES.subscriptionErrorText}</Text>
        <Text size="sm" c="dimmed">
          {step.message}
        </Text>
        <Group>
          <Button variant="default" onClick={onClose}>
            Close
          </Button>
          <Button onClick={onRetry}>Try again</Button>
        </Group>
      </Stack>
    );

  return (
    <Stack gap="sm" data-testid="payment-form">
      {purpose.kind === 'method' && <Text size="sm">{BILLING_UI_MESSAGES.paymentMethodText}</Text>}
      <SegmentedControl data={[...PAYMENT_METHOD_CHOICES]} value={choice} onChange={(v) => setChoice(v as typeof choice)} />
      {choice === 'Apple' ? (
        <Alert color="yellow">{BILLING_UI_MESSAGES.applePayNotImplemented}</Alert>
      ) : (
        <>
          <TextInput label="Email" value={email} disabled description={BILLING_UI_MESSAGES.invoiceEmailNote} />
          {savedMethod && (
            <Radio.Group value={useSaved ? 'saved' : 'new'} onChange={(v) => setUseSaved(v === 'saved')} label="Card">
              <Stack gap={6} mt={6}>
                <Radio value="saved" label={`${savedMethod.card?.brand ?? 'Card'} •••• ${savedMethod.card?.last4 ?? ''} (expires ${expiry(savedMethod.card)})`} />
                <Radio value="new" label={BILLING_UI_MESSAGES.useNewCard} />
              </Stack>
            </Radio.Group>
          )}
          {!useSaved && (
            <Stack gap={4}>
              <TextInput label="Name on card" value={name} onChange={(e) => setName(e.currentTarget.value)} />
              <Text size="sm" fw={500}>
                Card details
              </Text>
              <div style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4, padding: '8px 10px' }} data-testid="card-element">
                <CardElement options={{ hidePostalCode: true }} onChange={setCard} />
              </div>
              {card?.error && (
                <Text size="xs" c="red">
                  {card.error.message}
                </Text>
              )}
            </Stack>
          )}
          <Text size="sm" fw={500}>
            Billing address
          </Text>
          <TextInput label="Address line 1" required {...field('line1')} />
          <TextInput label="Address line 2" {...field('line2')} />
          <SimpleGrid cols={2}>
            <TextInput label="City" required {...field('city')} />
            <TextInput label="State / region" {...field('state')} />
            <TextInput label="Postal code" required {...field('postal_code')} />
            <Select label="Country" required searchable data={COUNTRY_OPTIONS} value={address.country || null} onChange={(v) => setAddress({ ...address, country: v ?? '' })} />
          </SimpleGrid>
          {total && (
            <Text size="sm" data-testid="payment-total">
              {formatMoney(total.net, billing)} {PLANS[purpose.kind === 'subscribe' ? purpose.plan : 'free'].period} + {billing.taxDescription} {formatMoney(total.tax, billing)} = {formatMoney(total.total, billing)}
              {purpose.kind === 'subscribe' && purpose.discountCode ? ` before discount code ${purpose.discountCode}` : ''}
            </Text>
          )}
        </>
      )}
      {formError && (
        <Alert color="red" data-testid="payment-form-error">
          {formError}
        </Alert>
      )}
      <Button onClick={() => void submit()} loading={submitting} disabled={choice === 'Apple'}>
        {purpose.kind === 'subscribe' ? 'Subscribe' : 'Save payment method'}
      </Button>
    </Stack>
  );
}

const cleanAddress = (address: BillingAddress): BillingAddress => ({
  line1: address.line1?.trim() ?? '',
  ...(address.line2?.trim() ? { line2: address.line2.trim() } : {}),
  city: address.city?.trim() ?? '',
  ...(address.state?.trim() ? { state: address.state.trim() } : {}),
  postal_code: address.postal_code?.trim() ?? '',
  country: address.country ?? '',
});
