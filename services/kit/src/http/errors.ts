/** An error that carries the HTTP status and the message the user should read. */
export class HttpError extends Error {
  constructor(readonly status: number, message: string, readonly details?: unknown) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string) => new HttpError(400, message);
export const unauthorized = (message = 'Authentication required') => new HttpError(401, message);
export const forbidden = (message = 'You do not have access to this resource') => new HttpError(403, message);
export const notFound = (message = 'Not found') => new HttpError(404, message);
export const conflict = (message: string) => new HttpError(409, message);
export const tooManyRequests = (message = 'Too many requests, please try again later.') => new HttpError(429, message);

/** The one error body every service and the gateway answer with. */
export interface ErrorBody {
  success: false;
  message: string;
}

export const errorBody = (message: string): ErrorBody => ({ success: false, message });
