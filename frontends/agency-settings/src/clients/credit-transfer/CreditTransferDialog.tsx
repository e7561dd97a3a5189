import { useEffect, useRef, useState } from 'react';
import { CONNECT_API, MESSAGES, type CreditTransferRequest, type Region } from '@platform/contracts';
import { ApiError, Button, Group, Modal, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, callApi, notify } from '@platform/ui';
import { newTransferId, transferFailure, transferProblem } from './transfer';

export interface CreditTransferDialogProps {
  region: Region;
  /** the agency workspace */
  workspaceId: string;
  orgId: string;
  orgName?: string;
  opened: boolean;
  onClose: () => void;
  /** after a transfer: the new balances */
  onTransferred?: (balances: { workspaceBalance: number; orgBalance: number }) => void;
}

type Balances = { workspaceBalance: number; orgBalance: number };
const credits = (value: number) => value.toLocaleString('en-US', { maximumFractionDigits: 1 });

/** Moves credits between the workspace and an organisation (agency-shell-clients §4.10, §5, §8), exactly once per attempt. */
export function CreditTransferDialog({ region, workspaceId, orgId, orgName, opened, onClose, onTransferred }: CreditTransferDialogProps) {
  const [direction, setDirection] = useState<CreditTransferRequest['direction']>('workspaceToOrg');
  const [amount, setAmount] = useState<number | null>(null);
  const [balances, setBalances] = useState<Balances | null>(null);
  const [sending, setSending] = useState(false);
  // One id per attempt: pressing Transfer again after a lost answer cannot move the credits twice.
  const attempt = useRef<string>(newTransferId());

  useEffect(() => {
    if (!opened) return;
    attempt.current = newTransferId();
    callApi(CONNECT_API.getTransferBalances, { region, params: { orgId }, query: { workspaceId } })
      .then(({ workspaceBalance, orgBalance }) => setBalances({ workspaceBalance, orgBalance }))
      .catch((error: unknown) => notify.error(transferFailure(error instanceof ApiError ? error.status : undefined, error instanceof Error ? error.message : undefined)));
  }, [opened, region, orgId, workspaceId]);

  const transfer = async () => {
    const problem = transferProblem(amount, direction, balances);
    if (problem) return notify.error(problem);
    setSending(true);
    try {
      const answer = await callApi(CONNECT_API.transferCredits, { region, body: { transferId: attempt.current, workspaceId, orgId, amount: amount!, direction } });
      const next = { workspaceBalance: answer.workspaceBalance, orgBalance: answer.orgBalance };
      setBalances(next);
      setAmount(null);
      attempt.current = newTransferId();
      notify.success(MESSAGES.clients.creditsTransferred);
      onTransferred?.(next);
    } catch (error) {
      // A refusal ends this attempt; a lost answer keeps the id so the retry is the same transfer.
      if (error instanceof ApiError && error.status && error.status < 500) attempt.current = newTransferId();
      notify.error(transferFailure(error instanceof ApiError ? error.status : undefined, error instanceof Error ? error.message : undefined));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={`Transfer credits${orgName ? ` — ${orgName}` : ''}`} data-testid="credit-transfer-dialog">
      <Stack gap="md">
        <SimpleGrid cols={2}>
          <div>
            <Text size="xs" c="dimmed">Workspace credits</Text>
            <Text fw={600} data-testid="transfer-workspace-balance">{balances ? credits(balances.workspaceBalance) : '…'}</Text>
          </div>
          <div>
            <Text size="xs" c="dimmed">Organization credits</Text>
            <Text fw={600} data-testid="transfer-org-balance">{balances ? credits(balances.orgBalance) : '…'}</Text>
          </div>
        </SimpleGrid>
        <SegmentedControl
          value={direction}
          onChange={(value) => setDirection(value as CreditTransferRequest['direction'])}
          data={[
            { value: 'workspaceToOrg', label: 'Workspace → Organization' },
            { value: 'orgToWorkspace', label: 'Organization → Workspace' },
          ]}
          data-testid="transfer-direction"
        />
        <NumberInput label="Credits to transfer" min={0} value={amount ?? ''} onChange={(value) => setAmount(value === '' ? null : Number(value))} data-testid="transfer-amount" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>Cancel</Button>
          <Button onClick={transfer} loading={sending} data-testid="transfer-submit">Transfer</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
