import { MESSAGES, type CREDIT_TRANSFER_DIRECTIONS } from '@platform/contracts';

/** Which way credits move: from the agency's workspace to the organisation, or back. */
export type TransferDirection = (typeof CREDIT_TRANSFER_DIRECTIONS)[number];

/** An organisation's credits are a ledger account of their own, beside the workspaces' (ADR 0022). */
export const organizationAccountId = (orgId: string) => `org:${orgId}`;

/** A transfer as stored before either side is applied: what moves where, once. */
export interface CreditTransfer {
  _id: string;
  workspaceId: string;
  orgId: string;
  amount: number;
  direction: TransferDirection;
  status: 'pending' | 'done' | 'refused';
  createdAt: Date;
}

/** The two ledger accounts of a transfer, the grant key of each side, and the refusal when the source is short. */
export function transferSides(transfer: Pick<CreditTransfer, '_id' | 'workspaceId' | 'orgId' | 'direction'>) {
  const workspace = transfer.workspaceId;
  const org = organizationAccountId(transfer.orgId);
  const toOrg = transfer.direction === 'workspaceToOrg';
  return {
    from: toOrg ? workspace : org,
    to: toOrg ? org : workspace,
    debitKey: `transfer:${transfer._id}:debit`,
    creditKey: `transfer:${transfer._id}:credit`,
    notEnough: toOrg ? MESSAGES.clients.notEnoughCreditsInWorkspace : MESSAGES.clients.notEnoughCreditsInOrg,
  };
}

/** A transfer moves a positive, finite number of credits (the spec's 'greater than 0'). */
export const validTransferAmount = (amount: unknown): amount is number => typeof amount === 'number' && Number.isFinite(amount) && amount > 0;

/** The same transfer id sent again must name the same transfer; anything else is another request. */
export const sameTransfer = (a: Pick<CreditTransfer, 'workspaceId' | 'orgId' | 'amount' | 'direction'>, b: Pick<CreditTransfer, 'workspaceId' | 'orgId' | 'amount' | 'direction'>) =>
  a.workspaceId === b.workspaceId && a.orgId === b.orgId && a.amount === b.amount && a.direction === b.direction;
