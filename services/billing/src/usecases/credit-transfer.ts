import { MESSAGES, type Region } from '@platform/contracts';
import { badRequest, conflict, notFound, type Logger } from '@platform/kit';
import { sameTransfer, transferSides, validTransferAmount, type CreditTransfer, type TransferDirection } from '../domain/credit-transfer';
import type { CreditAccountStore } from '../store/credit-accounts';
import type { CreditLogStore } from '../store/credit-logs';
import type { CreditTransferStore } from '../store/credit-transfers';
import type { OrganizationBillingStore } from '../store/organization-billing';
import type { Ledger } from './ledger';

export interface CreditTransferDeps {
  transfers: CreditTransferStore;
  accounts: CreditAccountStore;
  logs: CreditLogStore;
  ledger: Ledger;
  organizations: OrganizationBillingStore;
  logger: Logger;
  now: () => Date;
  /** After a transfer moved credits: the accounts whose balances changed (the low-credit check). */
  balancesChanged?: (region: Region, accountIds: string[]) => Promise<void>;
  /** Test hook of the crash test: called between the two sides (BILLING_CRASH_BETWEEN_TRANSFER_SIDES). */
  betweenSides?: () => void;
}

export interface TransferRequest {
  transferId: string;
  orgId: string;
  amount: number;
  direction: TransferDirection;
}

/**
 * Credits move between a workspace and one of its organisations exactly once without a
 * multi-document transaction (ADR 0022): the transfer is recorded first under its id; the
 * source's side is one guarded write (balance covers it, key not applied); the target's side is
 * a ledger grant keyed by the transfer. A crash between them leaves the transfer pending, and
 * the sweep at start-up applies what is missing, each side at most once.
 */
export class CreditTransferUseCases {
  constructor(private readonly deps: CreditTransferDeps) {}

  async transfer(region: Region, workspaceId: string, request: TransferRequest): Promise<{ workspaceBalance: number; orgBalance: number }> {
    if (!validTransferAmount(request.amount)) throw badRequest(MESSAGES.clients.transferAmountInvalid);
    const org = await this.deps.organizations.find(region, request.orgId);
    if (!org || org.workspaceId !== workspaceId) throw notFound(MESSAGES.clients.transferWorkspaceNotFound);
    // agency-shell-clients §6: the credit transfer needs allowBilling (a 400 the dialog shows)
    if (!org.allowBilling) throw badRequest(MESSAGES.billing.organizationBillingDisabled);
    const wanted: CreditTransfer = { _id: request.transferId, workspaceId, orgId: request.orgId, amount: request.amount, direction: request.direction, status: 'pending', createdAt: this.deps.now() };
    const transfer = await this.deps.transfers.open(region, wanted);
    if (!sameTransfer(transfer, wanted)) throw conflict(MESSAGES.clients.transferFailed);
    if (transfer.status === 'refused') throw badRequest(transferSides(transfer).notEnough);
    await this.complete(region, transfer);
    return this.balances(region, workspaceId, request.orgId);
  }

  /** The balances of a workspace and one of its organisations (404 with the spec's text for another's). */
  async balancesOf(region: Region, workspaceId: string, orgId: string): Promise<{ workspaceBalance: number; orgBalance: number }> {
    const org = await this.deps.organizations.find(region, orgId);
    if (!org || org.workspaceId !== workspaceId) throw notFound(MESSAGES.clients.transferWorkspaceNotFound);
    return this.balances(region, workspaceId, orgId);
  }

  private async balances(region: Region, workspaceId: string, orgId: string): Promise<{ workspaceBalance: number; orgBalance: number }> {
    const [workspaceBalance, orgBalance] = await Promise.all([this.deps.ledger.balance(region, workspaceId), this.deps.ledger.balance(region, transferSides({ _id: '', workspaceId, orgId, direction: 'workspaceToOrg' }).to)]);
    return { workspaceBalance, orgBalance };
  }

  /** Applies what is missing of a transfer; refuses it (400) when the source cannot cover it. */
  private async complete(region: Region, transfer: CreditTransfer): Promise<void> {
    const sides = transferSides(transfer);
    const now = this.deps.now();
    const debit = await this.deps.accounts.debitCovered(region, sides.from, sides.debitKey, transfer.amount, now);
    if (debit === 'short') {
      await this.deps.transfers.close(region, transfer._id, 'refused');
      throw badRequest(sides.notEnough);
    }
    const ts = now.getTime();
    const logMessage = transfer.direction === 'workspaceToOrg' ? `Credits transferred to organization ${transfer.orgId}` : `Credits transferred from organization ${transfer.orgId}`;
    await this.deps.logs.insertNew(region, [{ _id: sides.debitKey, workspaceId: sides.from, amount: transfer.amount, ts, direction: 'decrease', logMessage }]);
    this.deps.betweenSides?.();
    await this.deps.ledger.grant(region, sides.to, sides.creditKey, { amount: transfer.amount, ts, direction: 'increase', logMessage });
    await this.deps.transfers.close(region, transfer._id, 'done');
    await this.deps.balancesChanged?.(region, [sides.from, sides.to]);
  }

  /** Completes the transfers a crash interrupted (run at start-up, in every region). */
  async completeInterrupted(regions: readonly Region[]): Promise<number> {
    let completed = 0;
    for (const region of regions) {
      // Sides are keyed, so completing one that a live request is completing too applies nothing twice.
      for (const transfer of await this.deps.transfers.pending(region)) {
        try {
          await this.complete(region, transfer);
          completed += 1;
        } catch (err) {
          this.deps.logger.warn({ err, transferId: transfer._id }, 'credit transfer refused while completing it');
        }
      }
    }
    return completed;
  }
}
