import { MESSAGES, type CreditTransferRequest } from '@platform/contracts';

/** A new transfer id per attempt the user makes; a retry of the same attempt reuses it (exactly once, ADR 0022). */
export const newTransferId = () => `tr_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 10)}`;

/** The dialog's own check before calling: the spec's messages for a bad amount or a short source. */
export function transferProblem(amount: number | null, direction: CreditTransferRequest['direction'], balances: { workspaceBalance: number; orgBalance: number } | null): string | null {
  if (amount === null || !Number.isFinite(amount) || amount <= 0) return MESSAGES.clients.transferAmountInvalid;
  if (!balances) return null;
  if (direction === 'workspaceToOrg' && amount > balances.workspaceBalance) return MESSAGES.clients.notEnoughCreditsInWorkspace;
  if (direction === 'orgToWorkspace' && amount > balances.orgBalance) return MESSAGES.clients.notEnoughCreditsInOrg;
  return null;
}

/** The failure notice: the spec's texts for a refused amount or a 404, otherwise the generic one. */
export function transferFailure(status: number | undefined, message: string | undefined): string {
  if (status === 404) return MESSAGES.clients.transferWorkspaceNotFound;
  if (status === 400 && message) return message;
  return MESSAGES.clients.transferFailed;
}
