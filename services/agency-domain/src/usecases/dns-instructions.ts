import { AGENCY_API_MESSAGES, type DnsInstructionsEmailRequest } from '@platform/contracts';
import { HttpError } from '@platform/kit';
import type { UseCaseDeps } from './deps';

/** The 'email your developer' dialog: the DNS instructions sent as the agency's e-mail. */
export class DnsInstructionsUseCases {
  constructor(private readonly deps: Pick<UseCaseDeps, 'mailer' | 'logger'>) {}

  async send({ to, subject, htmlContent, fromDisplayName }: DnsInstructionsEmailRequest): Promise<void> {
    try {
      await this.deps.mailer.send({ to, subject, html: htmlContent, fromDisplayName });
    } catch (err) {
      this.deps.logger.error({ err }, 'DNS instructions e-mail failed');
      throw new HttpError(502, AGENCY_API_MESSAGES.dnsInstructionsFailed);
    }
  }
}
