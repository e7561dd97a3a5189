import http from 'node:http';
import https from 'node:https';
import { RequestFilteringHttpAgent, RequestFilteringHttpsAgent } from 'request-filtering-agent';
import { env } from '../config/env';

/**
 * Requests to user-given URLs (events endpoints, websites, webhooks, tool servers). The
 * agents check the address actually connected to, after DNS, on every hop: loopback,
 * private, link-local (cloud metadata), IPv4-mapped IPv6, NAT64 and other non-unicast
 * ranges are refused, whatever name or literal led there.
 */
export interface SafeHttpOptions {
  /** Local runs and tests only (OUTBOUND_ALLOW_LOOPBACK=true): 127.0.0.1 and ::1 are allowed. */
  allowLoopback: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
  /** Longest answer body kept, in bytes. */
  maxResponseBytes?: number;
}

export interface SafeRequest {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** text, or bytes (an encrypted push message) */
  body?: string | Buffer;
}

export interface SafeResponse {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The URL that answered, after redirects. */
  url: string;
}

/** The request went nowhere: a refused address, a bad URL, too many redirects, or a network error. */
export class OutboundRequestFailed extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'OutboundRequestFailed';
  }
}

// The addresses `localhost` resolves to; the mapped and NAT64 spellings stay refused.
const LOOPBACK = ['127.0.0.1', '::1'];
const REDIRECTS = new Set([301, 302, 303, 307, 308]);

export function outboundOptionsFromEnv(): SafeHttpOptions {
  return { allowLoopback: env('OUTBOUND_ALLOW_LOOPBACK', 'false') === 'true' };
}

export class SafeHttpClient {
  private readonly agents: { 'http:': http.Agent; 'https:': https.Agent };

  constructor(private readonly options: SafeHttpOptions) {
    const filter = { allowIPAddressList: options.allowLoopback ? LOOPBACK : [], keepAlive: false };
    this.agents = { 'http:': new RequestFilteringHttpAgent(filter), 'https:': new RequestFilteringHttpsAgent(filter) };
  }

  /** Sends the request, following up to `maxRedirects` redirects, each one checked like the first. */
  async request(url: string, request: SafeRequest = {}): Promise<SafeResponse> {
    const signal = AbortSignal.timeout(this.options.timeoutMs ?? 10_000);
    let target = parseUrl(url);
    let current = request;
    for (let hop = 0; ; hop += 1) {
      const answer = await this.once(target, current, signal);
      const location = answer.headers.location;
      if (!REDIRECTS.has(answer.status) || !location) return answer;
      if (hop >= (this.options.maxRedirects ?? 5)) throw new OutboundRequestFailed('Too many redirects');
      target = parseUrl(new URL(location, target).toString());
      // 303, and 301/302 after a POST, continue as a GET without the body (as browsers do).
      const keepsMethod = answer.status === 307 || answer.status === 308 || (current.method ?? 'GET') === 'GET';
      current = keepsMethod ? current : { headers: withoutBodyHeaders(current.headers) };
    }
  }

  private once(url: URL, request: SafeRequest, signal: AbortSignal): Promise<SafeResponse> {
    const agent = this.agents[url.protocol as 'http:' | 'https:'];
    const client = url.protocol === 'https:' ? https : http;
    const limit = this.options.maxResponseBytes ?? 1_000_000;
    return new Promise((resolve, reject) => {
      const answered = (res: http.IncomingMessage) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > limit) return void res.destroy(new OutboundRequestFailed('Answer too large'));
          chunks.push(chunk);
        });
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8'), url: url.toString() }));
        res.on('error', (err) => reject(failed(err)));
      };
      let req: http.ClientRequest;
      try {
        // The agent refuses a literal address synchronously, a resolved one through 'error'.
        req = client.request(url, { method: request.method ?? 'GET', headers: request.headers, agent, signal }, answered);
      } catch (err) {
        return reject(failed(err));
      }
      req.on('error', (err) => reject(failed(err)));
      req.end(request.body);
    });
  }
}

function parseUrl(value: string): URL {
  let url: URL;
  try {
    url = new URL(value);
  } catch (cause) {
    throw new OutboundRequestFailed('Invalid URL', { cause });
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundRequestFailed('Only http and https URLs are allowed');
  return url;
}

const failed = (err: unknown) => (err instanceof OutboundRequestFailed ? err : new OutboundRequestFailed(`Request failed: ${(err as Error).message}`, { cause: err }));

function withoutBodyHeaders(headers: Record<string, string> = {}): Record<string, string> {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !/^content-(type|length|encoding)$/i.test(name)));
}
