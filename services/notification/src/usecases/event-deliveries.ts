import { randomUUID } from 'node:crypto';
import { EVENT_ID_HEADER, EVENT_SIGNATURE_HEADER, NOTIFICATION_MESSAGES, TEST_EVENT_TYPE, type PlatformEvent, type Region } from '@platform/contracts';
import { HttpError, type Logger, type SafeHttpClient } from '@platform/kit';
import type { Mailer } from '@platform/kit';
import type { WorkspaceDirectory } from '../clients/workspace';
import { creditsLowNotice, deliveryBody, failureNotice, isDelivered, isSubscribed, nextAttemptDelay, publicEventType, signatureHeader, type RetryPolicy } from '../domain/event-delivery';
import type { DeliveryDocument, DeliveryStore } from '../store/deliveries';

export interface EventDeliveryDeps {
  store: DeliveryStore;
  workspaces: WorkspaceDirectory;
  http: SafeHttpClient;
  mailer: Mailer;
  logger: Logger;
  retry: RetryPolicy;
  /** Origin of the links in e-mails (PUBLIC_URL). */
  publicUrl: string;
  now?: () => Date;
}

/** How long one attempt may hold its delivery before another worker may take it. */
const CLAIM_MS = 60_000;

/**
 * The workspace events endpoint (spec §3.4 internal.events, §7): subscribed events are queued
 * per workspace, POSTed signed, retried with growing waits, and a final failure e-mails the members.
 */
export class EventDeliveries {
  constructor(private readonly deps: EventDeliveryDeps) {}

  private now() {
    return this.deps.now?.() ?? new Date();
  }

  /** Queues the event when its workspace has an endpoint and subscribed to its type. */
  async onPlatformEvent(event: PlatformEvent): Promise<void> {
    const type = publicEventType(event);
    if (!type) return;
    const target = await this.deps.workspaces.eventsTarget(event.region, event.workspaceId);
    if (!target?.endpoint || !isSubscribed(target.subscribedEvents, type, false)) return;
    await this.queue(event.region, event.id, event.workspaceId, type, event.data as unknown as Record<string, unknown>, event.occurredAt);
  }

  /**
   * A workspace's own credits crossed below its threshold (billing's credits.low without orgId,
   * once per crossing): its members (owner and workspaceEmails) get an e-mail, once per event.
   */
  async emailMembersCreditsLow(event: PlatformEvent<'credits.low'>): Promise<void> {
    const target = await this.deps.workspaces.eventsTarget(event.region, event.workspaceId);
    if (!target?.workspaceEmails.length) return;
    if (!(await this.deps.store.claimMemberNotice(event.region, event.id, event.workspaceId, event.type, this.now()))) return;
    await this.deps.mailer
      .send({ to: target.workspaceEmails, ...creditsLowNotice(event.data.balance, this.deps.publicUrl) })
      .catch((err: unknown) => this.deps.logger.warn({ err, workspaceId: event.workspaceId }, 'credits-low e-mail not sent'));
  }

  /** "Send test event" on the Events screen. */
  async sendTest(region: Region, workspaceId: string): Promise<void> {
    const target = await this.deps.workspaces.eventsTarget(region, workspaceId);
    if (!target?.endpoint) throw new HttpError(400, NOTIFICATION_MESSAGES.noEndpoint);
    await this.queue(region, randomUUID(), workspaceId, TEST_EVENT_TYPE, {}, this.now().toISOString());
  }

  latest(region: Region, workspaceId: string) {
    return this.deps.store.latest(region, workspaceId);
  }

  private async queue(region: Region, id: string, workspaceId: string, type: string, data: Record<string, unknown>, createdAt: string) {
    await this.deps.store.enqueue(region, { _id: id, workspaceId, type, data, createdAt, status: 'pending', attempts: 0, nextAttemptAt: this.now() });
  }

  /** Sends every due delivery of the region once; answers how many were attempted. */
  async runDue(region: Region): Promise<number> {
    let attempted = 0;
    for (;;) {
      const delivery = await this.deps.store.claimDue(region, this.now(), CLAIM_MS);
      if (!delivery) return attempted;
      attempted += 1;
      await this.attempt(region, delivery);
    }
  }

  private async attempt(region: Region, delivery: DeliveryDocument): Promise<void> {
    const attempts = delivery.attempts + 1;
    const target = await this.deps.workspaces.eventsTarget(region, delivery.workspaceId).catch(() => undefined);
    // The workspace service did not answer: try later without counting an attempt against the endpoint.
    if (target === undefined) {
      await this.deps.store.record(region, delivery._id, { status: 'pending', attempts: delivery.attempts, nextAttemptAt: new Date(this.now().getTime() + this.deps.retry.baseDelayMs) });
      return;
    }
    if (!target?.endpoint) {
      await this.deps.store.record(region, delivery._id, { status: 'failed', attempts, nextAttemptAt: this.now(), lastError: NOTIFICATION_MESSAGES.noEndpoint });
      return;
    }
    const body = deliveryBody(delivery.type, delivery.data, delivery.createdAt, target.workspaceSecret);
    let status: number | undefined;
    let error: string;
    try {
      const answer = await this.deps.http.request(target.endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [EVENT_SIGNATURE_HEADER]: signatureHeader(target.workspaceSecret, body, this.now().getTime()), [EVENT_ID_HEADER]: delivery._id },
        body,
      });
      status = answer.status;
      if (isDelivered(answer.status)) {
        await this.deps.store.record(region, delivery._id, { status: 'delivered', attempts, nextAttemptAt: this.now(), lastStatus: status });
        return;
      }
      error = `The endpoint answered ${answer.status}`;
    } catch (err) {
      error = (err as Error).message || 'The endpoint could not be reached';
    }
    const delay = nextAttemptDelay(attempts, this.deps.retry);
    if (delay !== null) {
      await this.deps.store.record(region, delivery._id, { status: 'pending', attempts, nextAttemptAt: new Date(this.now().getTime() + delay), lastError: error, lastStatus: status });
      return;
    }
    await this.deps.store.record(region, delivery._id, { status: 'failed', attempts, nextAttemptAt: this.now(), lastError: error, lastStatus: status });
    this.deps.logger.warn({ workspaceId: delivery.workspaceId, deliveryId: delivery._id, attempts }, 'event delivery finally failed; members notified');
    if (target.workspaceEmails.length) {
      await this.deps.mailer
        .send({ to: target.workspaceEmails, ...failureNotice({ endpoint: target.endpoint, type: delivery.type, attempts, lastError: error }) })
        .catch((err) => this.deps.logger.warn({ err }, 'failure notice not sent'));
    }
  }
}

/** Runs the due deliveries of every region every `pollMs`, one pass at a time. */
export function startDeliveryWorker(deliveries: EventDeliveries, regions: Region[], pollMs: number, logger: Logger): () => Promise<void> {
  let stopped = false;
  let running: Promise<void> = Promise.resolve();
  let timer: NodeJS.Timeout | undefined;
  const tick = () => {
    running = (async () => {
      for (const region of regions) await deliveries.runDue(region).catch((err) => logger.error({ err, region }, 'delivery pass failed'));
    })().finally(() => {
      if (!stopped) timer = setTimeout(tick, pollMs);
    });
  };
  timer = setTimeout(tick, pollMs);
  return async () => {
    stopped = true;
    clearTimeout(timer);
    await running;
  };
}
