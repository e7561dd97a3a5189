import { useState } from 'react';
import { Button, CopyButton, IconRefresh, Text } from '../mantine';
import { NOTICES } from '../notices/catalog';
import { notify } from '../notices/notify';
import { ConfirmDialog } from './ConfirmDialog';

export interface SecretActionsProps {
  /** The secret as shown (empty while unknown: Copy is then disabled). */
  value: string;
  /** The confirmation's title and what it warns of. */
  confirmTitle: string;
  warning: string;
  testId: string;
  /** Issues the new secret; the dialog closes when it resolves and stays open when it fails. */
  onRegenerate: () => Promise<unknown>;
}

/** Copy and Regenerate for a secret the server issues: Regenerate asks first, the old value stops working at once. */
export function SecretActions({ value, confirmTitle, warning, testId, onRegenerate }: SecretActionsProps) {
  const [confirming, setConfirming] = useState(false);
  const [pending, setPending] = useState(false);
  const regenerate = async () => {
    setPending(true);
    try {
      await onRegenerate();
      setConfirming(false);
    } catch {
      // the caller has said why
    } finally {
      setPending(false);
    }
  };
  return (
    <>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" disabled={!value} onClick={() => { copy(); notify.success(NOTICES.agent.copied); }}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
      <Button variant="light" color="red" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
        Regenerate
      </Button>
      {confirming && (
        <ConfirmDialog title={confirmTitle} confirmLabel="Regenerate" loading={pending} testId={testId} onConfirm={() => void regenerate()} onClose={() => setConfirming(false)}>
          <Text size="sm">{warning}</Text>
        </ConfirmDialog>
      )}
    </>
  );
}
