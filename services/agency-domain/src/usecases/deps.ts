import type { Region } from '@platform/contracts';
import type { Logger } from '@platform/kit';
import type { DomainProvider } from '../clients/domain-provider';
import type { FontsService } from '../clients/fonts';
import type { Mailer } from '@platform/kit';
import type { WhitelabelEntitlement } from '../clients/whitelabel';
import type { AgencyStore } from '../store/agencies';

export interface UseCaseDeps {
  agencies: AgencyStore;
  whitelabel: WhitelabelEntitlement;
  domains: DomainProvider;
  fonts: FontsService;
  mailer: Mailer;
  logger: Logger;
  rootDomain: string;
  /** Every region's database (domain uniqueness spans them). */
  regions: Region[];
  /** Called after a write that queued events, so the relay sends them at once. */
  eventsWritten: () => void;
  now: () => Date;
}
