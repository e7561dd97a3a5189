import { useEffect, useState } from 'react';
import { AGENCY_API, AGENCY_API_MESSAGES, DOMAIN_DNS, MESSAGES, type DomainVerificationRecord, type Region } from '@platform/contracts';
import { ApiError, Alert, Badge, Button, Card, Group, Modal, Stack, Table, Text, TextInput, callApi, notify } from '@platform/ui';
import { dnsRows } from '../dns';
import { DnsEmailDialog } from './DnsEmailDialog';

type DomainType = 'vgSubdomain' | 'customDomain';

export interface DomainPanelProps {
  type: DomainType;
  title: string;
  placeholder: string;
  region: Region;
  uid: string;
  agencyId?: string;
  agencyName: string;
  /** the stored host and whether it is verified */
  host?: string;
  verified: boolean;
  verification?: DomainVerificationRecord;
  /** typed input → what will be stored (product subdomain: below the root domain) */
  preview?: (input: string) => string;
  /** the agency changed on the server */
  onChanged: () => Promise<void>;
}

/** Liveness through the gateway (spec: GET /proxy?domain= answers 200 once the domain serves the product). */
async function isLive(domain: string): Promise<boolean> {
  const response = await fetch(`/proxy?domain=${encodeURIComponent(domain)}`, { credentials: 'same-origin' }).catch(() => undefined);
  return response?.status === 200;
}

/** One domain (product subdomain or custom domain): Verify, DNS tutorial, verification then liveness polled every 5 s. */
export function DomainPanel(p: DomainPanelProps) {
  const [input, setInput] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [verification, setVerification] = useState<DomainVerificationRecord | undefined>(p.verification);
  const [live, setLive] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [emailing, setEmailing] = useState(false);
  useEffect(() => setVerification(p.verification), [p.verification]);

  // Verification: polled every 5 s while a domain is set and not verified.
  useEffect(() => {
    if (!p.host || p.verified) return;
    const query = { domain: p.host, domainType: p.type, userId: p.uid };
    const timer = setInterval(async () => {
      const answer = await callApi(AGENCY_API.getCustomDomain, { region: p.region, query }).catch(() => undefined);
      if (answer?.isVerified) {
        notify.success(AGENCY_API_MESSAGES.verificationSuccessful);
        await p.onChanged();
      }
    }, DOMAIN_DNS.pollIntervalMs);
    return () => clearInterval(timer);
  }, [p.host, p.verified, p.type, p.uid, p.region]); // eslint-disable-line react-hooks/exhaustive-deps

  // Liveness: once verified, polled every 5 s until the proxy check answers 200.
  useEffect(() => {
    setLive(false);
    if (!p.host || !p.verified) return;
    let stopped = false;
    const check = async () => {
      if (await isLive(p.host!)) {
        if (!stopped) setLive(true);
        return true;
      }
      return false;
    };
    let timer: ReturnType<typeof setInterval> | undefined;
    void check().then((ok) => {
      if (!ok && !stopped) timer = setInterval(() => void check().then((done) => done && clearInterval(timer)), DOMAIN_DNS.pollIntervalMs);
    });
    return () => {
      stopped = true;
      if (timer) clearInterval(timer);
    };
  }, [p.host, p.verified]);

  const submit = async () => {
    setError(null);
    if (p.type === 'customDomain' && !input.trim()) return setError(MESSAGES.agency.customDomainRequired);
    if (!p.agencyId) return setError(AGENCY_API_MESSAGES.noAgency);
    setBusy(true);
    try {
      const answer = await callApi(AGENCY_API.setCustomDomain, {
        region: p.region,
        body: { customDomain: input, userId: p.uid, agencyId: p.agencyId, ...(p.type === 'customDomain' ? { isCustomDomain: true } : { isVGSubdomain: true }) },
      });
      setVerification(answer.data?.verification?.[0]);
      setInput('');
      notify.info(AGENCY_API_MESSAGES.verificationPending);
      await p.onChanged();
    } catch (err) {
      const fallback = p.type === 'customDomain' ? MESSAGES.agency.domainOnAnotherAccount : AGENCY_API_MESSAGES.subdomainFailed;
      const message = err instanceof ApiError && err.status < 500 ? err.message : fallback;
      setError(message);
      notify.error(message);
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    setConfirming(false);
    try {
      await callApi(AGENCY_API.deleteCustomDomain, { region: p.region, query: { domain: p.host!, domainType: p.type, userId: p.uid } });
      if (p.verified) notify.success(AGENCY_API_MESSAGES.domainDeleted);
      await p.onChanged();
    } catch {
      notify.error(AGENCY_API_MESSAGES.cancelFailed);
    }
  };

  const rows = p.host ? dnsRows(p.host, p.type === 'customDomain' && !p.verified ? verification : undefined) : [];
  return (
    <Card withBorder data-testid={`domain-panel-${p.type}`}>
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>{p.title}</Text>
          {p.host ? <Badge color={p.verified ? 'teal' : 'yellow'}>{p.verified ? 'Verified' : 'Not verified'}</Badge> : null}
        </Group>
        {!p.host ? (
          <form onSubmit={(e) => { e.preventDefault(); void submit(); }}>
            <Group align="flex-start">
              <TextInput
                style={{ flex: 1 }}
                placeholder={p.placeholder}
                value={input}
                error={error}
                description={p.preview && input.trim() ? p.preview(input) : undefined}
                onChange={(e) => setInput(e.currentTarget.value)}
                data-testid={`domain-input-${p.type}`}
              />
              <Button type="submit" loading={busy}>Verify</Button>
            </Group>
          </form>
        ) : (
          <>
            <Group justify="space-between">
              <Text ff="monospace" data-testid={`domain-host-${p.type}`}>{p.host}</Text>
              <Button variant="light" color="red" onClick={() => (p.verified ? setConfirming(true) : void remove())}>{p.verified ? 'Delete Domain' : 'Cancel'}</Button>
            </Group>
            {p.verified ? (
              <Alert color={live ? 'teal' : 'blue'} data-testid={`domain-live-${p.type}`}>{live ? AGENCY_API_MESSAGES.domainLive : AGENCY_API_MESSAGES.generatingSsl}</Alert>
            ) : (
              <Stack gap="xs" data-testid={`dns-tutorial-${p.type}`}>
                <Text size="sm">Add these records at your DNS provider. Use an A record for the apex ({DOMAIN_DNS.apexHost}) and a CNAME for any other host. Changes can take {DOMAIN_DNS.propagationHours.min} to {DOMAIN_DNS.propagationHours.max} hours; we check every {DOMAIN_DNS.pollIntervalMs / 1000} seconds.</Text>
                <Table withTableBorder>
                  <Table.Thead><Table.Tr><Table.Th>Type</Table.Th><Table.Th>Name</Table.Th><Table.Th>Value</Table.Th><Table.Th>TTL</Table.Th></Table.Tr></Table.Thead>
                  <Table.Tbody>
                    {rows.map((r) => (
                      <Table.Tr key={`${r.type}${r.name}`}><Table.Td>{r.type}</Table.Td><Table.Td>{r.name}</Table.Td><Table.Td ff="monospace">{r.value}</Table.Td><Table.Td>{r.ttl}</Table.Td></Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Stack>
            )}
            <Group><Button variant="default" size="xs" onClick={() => setEmailing(true)}>Email your developer</Button></Group>
          </>
        )}
      </Stack>
      <Modal opened={confirming} onClose={() => setConfirming(false)} title="Delete Domain">
        <Text size="sm" mb="md">Delete {p.host}? Clients will no longer reach the dashboard there.</Text>
        <Group justify="flex-end"><Button variant="default" onClick={() => setConfirming(false)}>Cancel</Button><Button color="red" onClick={() => void remove()}>Delete Domain</Button></Group>
      </Modal>
      {p.host ? <DnsEmailDialog opened={emailing} onClose={() => setEmailing(false)} host={p.host} rows={rows} agencyName={p.agencyName} region={p.region} uid={p.uid} /> : null}
    </Card>
  );
}
