import Joi from 'joi';
import { TEXT_LIMITS } from '../constants/text-limits';
import { endpoint, type NoParams, type NoQuery, type SuccessResponse } from './endpoint';

/**
 * Send Feedback of the client dashboard (spec 2.10, 7: "POST /agencies/{agencyId}/email, feedback
 * mail"): sent through the agency's e-mail brand to its support e-mail. Attachments stay small:
 * the whole request must fit the gateway's 1 MB body limit.
 */
export const CLIENT_FEEDBACK = { maxAttachments: 3, maxAttachmentBytes: 200 * 1024 } as const;

export interface ClientFeedbackAttachment {
  filename: string;
  contentBase64: string;
}
export interface ClientFeedbackRequest {
  message: string;
  attachments?: ClientFeedbackAttachment[];
}
export const clientFeedbackRequestSchema = Joi.object<ClientFeedbackRequest, true>({
  message: Joi.string().trim().max(TEXT_LIMITS.longText).required(),
  attachments: Joi.array()
    .items(
      Joi.object<ClientFeedbackAttachment, true>({
        filename: Joi.string().trim().max(TEXT_LIMITS.name).required(),
        contentBase64: Joi.string().base64().max(Math.ceil((CLIENT_FEEDBACK.maxAttachmentBytes * 4) / 3) + 4).required(),
      }),
    )
    .max(CLIENT_FEEDBACK.maxAttachments),
});

/** Not in the spec's words: the agency has no e-mail domain or support e-mail to send feedback through. */
export const CLIENT_FEEDBACK_UNAVAILABLE = 'Feedback is not available for this agency.';

export const CLIENT_FEEDBACK_API = {
  sendClientFeedback: endpoint<NoParams, NoQuery, ClientFeedbackRequest, SuccessResponse & { message: string }>()({
    service: 'agency-domain',
    operationId: 'sendClientFeedback',
    method: 'post',
    path: '/v2/client/feedback',
  }),
} as const;
