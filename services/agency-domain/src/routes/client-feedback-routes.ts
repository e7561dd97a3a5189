import { CLIENT_DASHBOARD_MESSAGES, CLIENT_FEEDBACK_API, clientFeedbackRequestSchema, routeOf, type ResponseOf } from '@platform/contracts';
import type { ClientFeedbackUseCases } from '../usecases/client-feedback';
import type { AgencyRouteSpec } from './agency-routes';

/** The signed-in client's Send Feedback. */
export function clientFeedbackRoutes(feedback: ClientFeedbackUseCases): AgencyRouteSpec[] {
  return [
    {
      ...routeOf(CLIENT_FEEDBACK_API.sendClientFeedback),
      summary: "Send Feedback: e-mailed through the agency's brand to its support e-mail (agencies with an e-mail domain)",
      access: 'client',
      schemas: { body: clientFeedbackRequestSchema },
      success: { status: 200, description: '{success, message: Feedback sent!}' },
      failures: [400, 401, 403, 409],
      handler: async (req, res, caller) => {
        await feedback.send(caller, req.body);
        res.json({ success: true, message: CLIENT_DASHBOARD_MESSAGES.feedbackSent } satisfies ResponseOf<typeof CLIENT_FEEDBACK_API.sendClientFeedback>);
      },
    },
  ];
}
