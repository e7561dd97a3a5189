import { CLIENT_FEEDBACK_UNAVAILABLE, escapeHtml, type ClientFeedbackRequest, type Region } from '@platform/contracts';
import { conflict, type ClientCaller } from '@platform/kit';
import type { Mailer } from '@platform/kit';
import type { AgencyStore } from '../store/agencies';
import type { ClientStore } from '../store/clients';

/**
 * Send Feedback (spec 2.10, 6, 7): a client's message, through the agency's e-mail brand, to the
 * agency's support e-mail, answering to the client. Only agencies with an e-mail domain offer it.
 */
export class ClientFeedbackUseCases {
  constructor(private readonly deps: { agencies: AgencyStore; clients: ClientStore; mailer: Mailer }) {}

  async send(caller: ClientCaller, feedback: ClientFeedbackRequest): Promise<void> {
    const region = caller.region as Region;
    const agency = await this.deps.agencies.find(region, caller.agencyId);
    if (!agency?.resendEmailDomain || !agency.supportEmail) throw conflict(CLIENT_FEEDBACK_UNAVAILABLE);
    const org = await this.deps.clients.organization(region, caller.orgId);
    const from = `${caller.email}${org?.name ? ` (${org.name})` : ''}`;
    await this.deps.mailer.send({
      to: agency.supportEmail,
      fromDisplayName: agency.name,
      replyTo: caller.email || undefined,
      subject: `Feedback from ${from}`,
      html: `<p>Feedback from ${escapeHtml(from)}:</p><p style="white-space:pre-wrap">${escapeHtml(feedback.message)}</p>`,
      attachments: feedback.attachments?.map((a) => ({ filename: a.filename, content: a.contentBase64, encoding: 'base64' })),
    });
  }
}
