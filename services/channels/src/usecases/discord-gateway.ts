import { randomUUID } from 'node:crypto';
import type { Logger } from '@platform/kit';
import type { DiscordGateway } from '../clients/discord-gateway';
import type { DiscordGatewayLeaseStore } from '../store/discord-gateway-lease';

/**
 * The platform bot's one Gateway session, whatever the number of channels replicas: the replica
 * holding the lease runs it, the others stand by and look at the lease every third of it. The
 * holder renews the lease with where its session stands, so whoever takes it over (after a
 * stop, a crash or a lost renewal) resumes the session instead of starting another. A holder
 * that cannot renew stops its session before the lease runs out.
 */
export class DiscordGatewayLeader {
  private readonly instance = randomUUID();
  private readonly log: Logger;
  private timer?: NodeJS.Timeout;
  private ticking?: Promise<void>;
  private stopped = false;
  /** until when this instance holds the lease (0: it does not) */
  private heldUntil = 0;

  constructor(private readonly deps: { leases: DiscordGatewayLeaseStore; gateway: DiscordGateway; leaseMs: number; logger: Logger }) {
    this.log = deps.logger.child({ component: 'discord-gateway-lease', instance: this.instance });
  }

  start(): void {
    this.stopped = false;
    this.schedule(0);
  }

  /** This instance holds the lease (and runs the session). */
  get holds(): boolean {
    return this.heldUntil > Date.now();
  }

  /** Stops the session resumably and hands the lease over at once, with the session to resume. */
  async stop(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.timer);
    await this.ticking;
    const session = await this.deps.gateway.stop();
    if (!this.heldUntil) return;
    this.heldUntil = 0;
    await this.deps.leases.release(this.instance, session).catch((err: Error) => this.log.warn({ err }, 'Discord Gateway lease not released: it runs out by itself'));
  }

  private schedule(ms: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => {
      this.ticking = this.tick().finally(() => this.schedule(this.deps.leaseMs / 3));
    }, ms);
  }

  private async tick(): Promise<void> {
    const { gateway, leases, leaseMs } = this.deps;
    try {
      const claimed = await leases.claim(this.instance, leaseMs, gateway.started ? (gateway.current() ?? null) : undefined);
      if (!claimed) {
        if (gateway.started) {
          this.log.warn('the Discord Gateway lease went to another replica: stopping this session');
          await gateway.stop();
        }
        this.heldUntil = 0;
        return;
      }
      this.heldUntil = Date.now() + leaseMs;
      if (!gateway.started && gateway.start(claimed.session)) {
        this.log.info({ resuming: Boolean(claimed.session) }, 'holds the Discord Gateway lease: session started');
      }
    } catch (err) {
      this.log.warn({ err }, 'Discord Gateway lease not renewed');
      // The next look would come after the lease ran out: another replica may take it over then.
      if (this.heldUntil && Date.now() + leaseMs / 3 >= this.heldUntil) {
        await gateway.stop();
        this.heldUntil = 0;
      }
    }
  }
}
