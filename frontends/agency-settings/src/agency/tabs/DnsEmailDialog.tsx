import { useState } from 'react';
import { AGENCY_API, AGENCY_API_MESSAGES, MESSAGES, SIMPLE_EMAIL_PATTERN, type Region } from '@platform/contracts';
import { Button, Group, Modal, Stack, TextInput, callApi, notify, useClipboard } from '@platform/ui';
import { dnsInstructionsHtml, dnsInstructionsText, type DnsRow } from '../dns';

/** The 'email your developer' dialog (agents-channels-domains §2, §5). */
export function DnsEmailDialog(p: { opened: boolean; onClose: () => void; host: string; rows: DnsRow[]; agencyName: string; region: Region; uid: string }) {
  const [to, setTo] = useState('');
  const [sending, setSending] = useState(false);
  const clipboard = useClipboard();
  const fieldError = to && !SIMPLE_EMAIL_PATTERN.test(to.trim()) ? MESSAGES.channels.dnsEmailFieldInvalid : null;
  const send = async () => {
    if (!SIMPLE_EMAIL_PATTERN.test(to.trim())) return notify.error(MESSAGES.channels.dnsEmailRecipientInvalid);
    setSending(true);
    try {
      await callApi(AGENCY_API.sendDnsInstructions, {
        region: p.region,
        body: { to: to.trim(), subject: `DNS setup for ${p.host}`, htmlContent: dnsInstructionsHtml(p.host, p.rows, p.agencyName), fromDisplayName: p.agencyName, userId: p.uid },
      });
      notify.success(AGENCY_API_MESSAGES.dnsInstructionsSent);
      p.onClose();
    } catch {
      notify.error(AGENCY_API_MESSAGES.dnsInstructionsFailed);
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened={p.opened} onClose={p.onClose} title="Email your developer">
      <Stack>
        <TextInput label="Developer's email" value={to} error={fieldError} onChange={(e) => setTo(e.currentTarget.value)} data-testid="dns-email-to" />
        <Group justify="space-between">
          <Button variant="default" onClick={() => { clipboard.copy(dnsInstructionsText(p.host, p.rows)); notify.success(AGENCY_API_MESSAGES.instructionsCopied); }}>Copy instructions</Button>
          <Button onClick={() => void send()} loading={sending} data-testid="dns-email-send">Send</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
