import { useEffect, useState } from 'react';
import { AGENCY_BILLING, BASE_USD_PER_CREDIT, CONNECT_API, MESSAGES, type Region, type StripeConnect } from '@platform/contracts';
import { Alert, ApiError, Button, Card, Group, Loader, Stack, Text, TextInput, Title, callApi, notify } from '@platform/ui';
import { AgencyPlansModal } from './AgencyPlansModal';
import { parseExtraUsd, priceSummary } from './auto-billing';

/** The notice a failed call shows: the spec's 'Error: {message}'. */
const failed = (error: unknown) => notify.error(MESSAGES.billing.connectError(error instanceof ApiError || error instanceof Error ? error.message : String(error)));

/** Auto Billing (billing §2, §4, §9): connect a Stripe account, manage it, set the per-credit price, set up plans. */
export function AutoBillingTab({ region, uid, email }: { region: Region; uid: string; email?: string }) {
  const [connect, setConnect] = useState<StripeConnect | null>(null);
  const [extraText, setExtraText] = useState(String(AGENCY_BILLING.defaultExtraUsdPerCredit));
  const [busy, setBusy] = useState<string | null>(null);
  const [plansOpen, setPlansOpen] = useState(false);

  const load = async () => {
    try {
      const { data } = await callApi(CONNECT_API.getConnect, { region, params: { workspaceId: uid } });
      setConnect(data);
      if (data.USDPerToken !== undefined) setExtraText(String(data.USDPerToken));
    } catch (error) {
      failed(error);
      setConnect({});
    }
  };
  useEffect(() => {
    void load();
  }, [region, uid]); // eslint-disable-line react-hooks/exhaustive-deps

  const run = async (name: string, call: () => Promise<void>) => {
    setBusy(name);
    try {
      await call();
    } catch (error) {
      failed(error);
    } finally {
      setBusy(null);
    }
  };
  const createAccount = () =>
    run('create', async () => {
      const answer = await callApi(CONNECT_API.createAccount, { region, body: { workspace: { uid, ...(email ? { email } : {}) } } });
      setConnect(answer.data);
      notify.success(answer.message);
    });
  const manage = () =>
    run('link', async () => {
      const { redirectUrl } = await callApi(CONNECT_API.accountLink, { region, body: { workspace: { uid } } });
      window.location.assign(redirectUrl);
    });
  const extra = parseExtraUsd(extraText);
  const saveSettings = () =>
    run('settings', async () => {
      if (extra === null) return void notify.error(MESSAGES.billing.extraUsdPerCreditInvalid);
      const answer = await callApi(CONNECT_API.saveBillingSettings, { region, body: { workspaceId: uid, USDPerToken: extra } });
      setConnect(answer.data);
      notify.success(answer.message);
    });
  const openPlans = () => {
    if (!connect?.accountId || connect.USDPerToken === undefined) return notify.error(MESSAGES.billing.plansNeedSettings, 4000);
    setPlansOpen(true);
  };

  if (!connect) return <Loader />;
  const summary = priceSummary(extra ?? AGENCY_BILLING.defaultExtraUsdPerCredit);
  const hasAccount = Boolean(connect.accountId);
  return (
    <Stack gap="md" data-testid="auto-billing">
      <Card withBorder data-testid="auto-billing-step-1">
        <Title order={5}>1. Connect Account</Title>
        <Text size="sm" c="dimmed" mb="sm">Create the Stripe account your clients pay into.</Text>
        <Button onClick={createAccount} disabled={hasAccount} loading={busy === 'create'} data-testid="connect-account">
          {hasAccount ? 'Connected' : 'Connect Account'}
        </Button>
      </Card>
      <Card withBorder data-testid="auto-billing-step-2">
        <Title order={5}>2. Manage Stripe Connect</Title>
        <Text size="sm" c="dimmed" mb="sm">Complete or update your account details with Stripe.</Text>
        {hasAccount ? (
          <Alert color={connect.payouts_enabled ? 'green' : 'red'} mb="sm" data-testid="payouts-banner">
            {connect.payouts_enabled ? 'Payouts are enabled.' : 'Payouts are disabled. Use Connect / Manage Stripe Connect to complete your account.'}
          </Alert>
        ) : null}
        <Button onClick={manage} disabled={!hasAccount} loading={busy === 'link'} data-testid="manage-stripe">
          {connect.isConnected ? 'Connect / Manage Stripe Connect' : 'Connect Stripe'}
        </Button>
      </Card>
      <Card withBorder data-testid="auto-billing-step-3">
        <Title order={5}>3. Billing settings</Title>
        <Stack gap="xs" mt="xs">
          <TextInput
            label="Extra USD per credit"
            value={extraText}
            onChange={(e) => setExtraText(e.currentTarget.value)}
            error={extra === null ? MESSAGES.billing.extraUsdPerCreditInvalid : undefined}
            data-testid="extra-usd"
          />
          <Text size="sm" data-testid="per-credit-price">
            Final price per credit: ${summary.perCredit.toFixed(5)} (base ${BASE_USD_PER_CREDIT.toFixed(5)} + your ${(extra ?? 0).toFixed(5)})
          </Text>
          <Text size="sm" data-testid="credits-per-10">Your clients get {summary.creditsPerExample.toLocaleString('en-US')} credits for ${AGENCY_BILLING.exampleUsd}.</Text>
          <Text size="sm" c="dimmed">A {summary.feePercent}% billing fee is charged per transaction.</Text>
          <Group>
            <Button onClick={saveSettings} disabled={!hasAccount || extra === null} loading={busy === 'settings'} data-testid="save-billing-settings">Save billing settings</Button>
          </Group>
        </Stack>
      </Card>
      <Card withBorder data-testid="auto-billing-step-4">
        <Title order={5}>4. Subscription plans</Title>
        <Text size="sm" c="dimmed" mb="sm">{connect.plans?.length ? `${connect.plans.length} plans: ${connect.plans.map((p) => `${p.name} ($${p.price})`).join(', ')}` : 'Offer monthly plans to your clients.'}</Text>
        <Button variant="light" onClick={openPlans} data-testid="open-plans">Set up subscription plans</Button>
      </Card>
      {plansOpen && connect.accountId ? (
        <AgencyPlansModal
          region={region}
          workspaceId={uid}
          accountId={connect.accountId}
          extraUsd={connect.USDPerToken ?? AGENCY_BILLING.defaultExtraUsdPerCredit}
          saved={connect.plans}
          onClose={() => setPlansOpen(false)}
          onSaved={() => {
            setPlansOpen(false);
            void load();
          }}
        />
      ) : null}
    </Stack>
  );
}
