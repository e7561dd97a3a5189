import { request as httpRequest, type Agent, type ServerResponse } from 'node:http';
import type { Request } from 'express';
import type { Region } from '@platform/contracts';
import { FrameReader, MAX_BATCH_REQUESTS, REQUEST_BATCH_PATH, REQUEST_BATCH_TYPE, encodeFrame, signForwarded, type BatchedAnswer, type BatchedRequest, type ForwardedContext, type Logger } from '@platform/kit';
import { UPSTREAM_MESSAGES } from '../routes/proxy';
import type { ServiceName } from '../domain/services';
import { answer, forwardedHeaders, parsedUrl } from './forwarding';

/** Batches on their way to one service at once: enough to spread over its replicas (one connection each), few enough that busy webhooks share them. */
const BATCHES_IN_FLIGHT = 4;

interface Waiting {
  req: Request;
  res: ServerResponse;
  path: string;
  body: Buffer;
  context: ForwardedContext & { clientIp: string };
  answered: boolean;
}

/**
 * The fast path's webhooks for one service, carried as request batches (ADR 0047): a webhook
 * read while no batch is on its way goes at once, alone; webhooks read while BATCHES_IN_FLIGHT
 * are on their way wait for the next one and go together. Each caller is answered with its own
 * request's answer as soon as the service frames it; when the batch fails, every caller not yet
 * answered gets what the proxy answers for a failed call (502, or 504 when it timed out).
 */
export class RequestBatches {
  private waiting: Waiting[] = [];
  private inFlight = 0;
  private scheduled = false;
  private readonly target: URL;

  constructor(
    private readonly options: { service: ServiceName; url: string; signingSecret: string; timeoutMs: number; agent: Agent; region: Region; maxFrameBytes: number; logger: Logger },
  ) {
    this.target = parsedUrl(options.url);
  }

  send(req: Request, res: ServerResponse, path: string, body: Buffer, context: ForwardedContext & { clientIp: string }): void {
    this.waiting.push({ req, res, path, body, context, answered: false });
    this.schedule();
  }

  /** The webhooks read in this turn of the event loop join the same batch. */
  private schedule(): void {
    if (this.scheduled || this.inFlight >= BATCHES_IN_FLIGHT || !this.waiting.length) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.waiting.length && this.inFlight < BATCHES_IN_FLIGHT) this.post(this.waiting.splice(0, MAX_BATCH_REQUESTS));
    });
  }

  private post(batch: Waiting[]): void {
    this.inFlight += 1;
    const body = Buffer.concat(
      batch.map(({ req, path, body: requestBody, context }) =>
        encodeFrame({ method: 'POST', path, headers: forwardedHeaders(req, context.clientIp), context: { identity: context.identity, region: context.region, clientIp: context.clientIp } } satisfies BatchedRequest, requestBody),
      ),
    );
    const signed = signForwarded({ identity: { kind: 'gateway' }, region: this.options.region }, this.options.signingSecret, { method: 'POST', path: REQUEST_BATCH_PATH, body });
    let finished = false;
    const finish = (status: number, message: string) => {
      for (const item of batch) {
        if (item.answered) continue;
        item.answered = true;
        answer(item.res, status, message);
      }
      if (finished) return;
      finished = true;
      this.inFlight -= 1;
      this.schedule();
    };
    let timedOut = false;
    const call = httpRequest(
      {
        agent: this.options.agent,
        host: this.target.hostname,
        port: this.target.port,
        method: 'POST',
        path: REQUEST_BATCH_PATH,
        headers: { host: this.target.host, 'content-type': REQUEST_BATCH_TYPE, 'content-length': body.length, ...signed },
        timeout: this.options.timeoutMs,
      },
      (answers) => {
        if (answers.statusCode !== 200) {
          this.options.logger.error({ service: this.options.service, status: answers.statusCode }, 'request batch refused');
          answers.resume();
          return finish(502, UPSTREAM_MESSAGES.unavailable);
        }
        const reader = new FrameReader<BatchedAnswer>(this.options.maxFrameBytes);
        answers.on('data', (chunk: Buffer) => {
          try {
            for (const { head, body: answerBody } of reader.push(chunk)) this.reply(batch[head.index], head, answerBody);
          } catch (err) {
            this.options.logger.error({ err, service: this.options.service }, 'malformed request batch answer');
            call.destroy();
          }
        });
        // Whatever was not framed by the end is not going to be.
        answers.once('end', () => finish(502, UPSTREAM_MESSAGES.unavailable));
        answers.once('error', () => finish(timedOut ? 504 : 502, timedOut ? UPSTREAM_MESSAGES.timedOut : UPSTREAM_MESSAGES.unavailable));
      },
    );
    call.once('timeout', () => {
      timedOut = true;
      call.destroy();
    });
    call.once('error', (err) => {
      if (!timedOut) this.options.logger.warn({ err, service: this.options.service }, 'upstream request failed');
      finish(timedOut ? 504 : 502, timedOut ? UPSTREAM_MESSAGES.timedOut : UPSTREAM_MESSAGES.unavailable);
    });
    call.end(body);
  }

  private reply(item: Waiting | undefined, head: BatchedAnswer, body: Buffer): void {
    if (!item || item.answered) return;
    item.answered = true;
    if (item.res.destroyed) return;
    item.res.writeHead(head.status, { ...head.headers, 'content-length': body.length }).end(body);
  }
}
