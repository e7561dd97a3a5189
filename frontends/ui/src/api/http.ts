/** A failed call: HTTP status (0 when the network failed) and the server's message if it sent one. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'DELETE';
  body?: unknown;
  /** Workspace secret or agent key; without it the session cookie authenticates. */
  bearer?: string;
  signal?: AbortSignal;
}

/** The server's message of an answer ({message} or {error}), if it sent one. */
export const messageOf = (body: unknown): string | undefined => {
  if (body && typeof body === 'object') {
    const record = body as { message?: unknown; error?: unknown };
    if (typeof record.message === 'string' && record.message) return record.message;
    if (typeof record.error === 'string' && record.error) return record.error;
  }
  return undefined;
};

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.bearer) headers.Authorization = `Bearer ${options.bearer}`;
  let response: Response;
  try {
    response = await fetch(path, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: options.signal,
    });
  } catch (error) {
    throw new ApiError(error instanceof Error ? error.message : 'Network error', 0);
  }
  const text = await response.text();
  let body: unknown;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    body = undefined; // an HTML error page from a proxy
  }
  if (!response.ok) throw new ApiError(messageOf(body) ?? response.statusText ?? 'Request failed', response.status, body);
  return body as T;
}

/** True for answers meaning "this service or route is not there (yet)". */
export const isUnavailable = (error: unknown): boolean =>
  error instanceof ApiError && [0, 404, 502, 503, 504].includes(error.status);
