import type { ErrorRequestHandler, RequestHandler } from 'express';
import { REQUEST_MESSAGES } from '@platform/contracts';
import { HttpError, errorBody } from './errors';

/**
 * Maps any thrown error to `{success:false, message}`. Client mistakes that express or
 * body-parser detect (bad JSON, oversized bodies) keep their 4xx status; anything else is a
 * 500 whose details go to the log only, never to the caller.
 */
export const errorHandler: ErrorRequestHandler = (err, req, res, _next) => {
  if (res.headersSent) return;
  if (err instanceof HttpError) {
    // Plain-object details are extra fields of the answer (e.g. {error} or {region}); success and message stay ours.
    res.status(err.status).json({ ...answerFields(err.details), ...errorBody(err.message) });
    return;
  }
  const status = typeof err?.status === 'number' ? err.status : typeof err?.statusCode === 'number' ? err.statusCode : 500;
  if (status >= 400 && status < 500) {
    res.status(status).json(errorBody(clientErrorMessage(err, status)));
    return;
  }
  req.log?.error({ err }, 'unhandled error');
  res.status(500).json(errorBody('Something went wrong, please try again.'));
};

const answerFields = (details: unknown): Record<string, unknown> =>
  details !== null && typeof details === 'object' && !Array.isArray(details) ? (details as Record<string, unknown>) : {};

function clientErrorMessage(err: { type?: string; expose?: boolean; message?: string }, status: number): string {
  if (err.type === 'entity.parse.failed') return REQUEST_MESSAGES.invalidJson;
  if (err.type === 'entity.too.large') return REQUEST_MESSAGES.tooLarge;
  if (err.type === 'charset.unsupported' || err.type === 'encoding.unsupported') return 'Unsupported request encoding';
  return err.expose && err.message ? err.message : status === 404 ? 'Not found' : 'Bad request';
}

export const notFoundHandler: RequestHandler = (_req, res) => {
  res.status(404).json(errorBody('Not found'));
};
