import { useEffect, useState } from 'react';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { BILLING_UI_MESSAGES } from '@platform/contracts';
import { Button, Group, Loader, Text } from '@platform/ui';
import { connectedStripe } from './connected-stripe';

interface Props {
  accountId: string;
  email?: string;
  /** saves the created payment method; throws with the message to show */
  onCreated: (paymentMethodId: string) => Promise<void>;
  onCancel: () => void;
}

/** Card entry on the agency's connected account (Stripe.js; the stripe-js sandbox locally). */
export function ClientCardForm(props: Props) {
  const [stripe, setStripe] = useState<Stripe | null | undefined>(undefined);
  useEffect(() => {
    connectedStripe(props.accountId).then(setStripe, () => setStripe(null));
  }, [props.accountId]);
  if (stripe === undefined) return <Loader size="sm" />;
  if (stripe === null) return <Text c="red" size="sm">{BILLING_UI_MESSAGES.stripeNotInitialized}</Text>;
  return (
    <Elements stripe={stripe}>
      <CardForm {...props} />
    </Elements>
  );
}

function CardForm({ email, onCreated, onCancel }: Props) {
  const stripe = useStripe();
  const elements = useElements();
  const [complete, setComplete] = useState(false);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return setError(BILLING_UI_MESSAGES.stripeNotInitialized);
    setSaving(true);
    setError(null);
    try {
      const created = await stripe.createPaymentMethod({ type: 'card', card, billing_details: email ? { email } : {} });
      if (created.error || !created.paymentMethod) throw new Error(created.error?.message ?? BILLING_UI_MESSAGES.updatePaymentFailed);
      await onCreated(created.paymentMethod.id);
    } catch (err) {
      setError(err instanceof Error ? err.message : String(err));
    } finally {
      setSaving(false);
    }
  };
  return (
    <div data-testid="client-card-form">
      <div style={{ border: '1px solid var(--mantine-color-gray-4)', borderRadius: 6, padding: 10 }}>
        <CardElement options={{ hidePostalCode: true }} onChange={(event) => setComplete(event.complete)} />
      </div>
      {error ? <Text c="red" size="sm" mt="xs">{error}</Text> : null}
      <Group justify="flex-end" mt="sm">
        <Button variant="default" size="xs" onClick={onCancel}>Cancel</Button>
        <Button size="xs" onClick={save} loading={saving} disabled={!complete} data-testid="client-card-save">Save card</Button>
      </Group>
    </div>
  );
}
