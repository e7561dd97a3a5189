import WebSocket from 'ws';
import type { Logger } from '@platform/kit';
import {
  GATEWAY_OP,
  RESUMABLE_CLOSE_CODE,
  afterGatewayClose,
  firstHeartbeatDelayMs,
  gatewayConnectUrl,
  invalidSessionDelayMs,
  reconnectDelayMs,
  type GatewayDispatch,
  type GatewayPayload,
  type GatewaySession,
} from '../domain/discord-gateway';
import { providerErrorText } from '../domain/provider-errors';

export interface DiscordGatewayOptions {
  /** Discord's REST API (DISCORD_API_BASE): https://discord.com/api/v10 in production, the sandbox locally. */
  apiBase: string;
  /** The bot's token: sent in Identify, Resume and GET /gateway/bot, never logged. */
  token: string;
  intents: number;
  timeoutMs: number;
  logger: Logger;
  /**
   * Handles one dispatch (READY and RESUMED excepted). The dispatch counts as handled once it
   * resolves; a rejection makes the client resume the session from before it.
   */
  onDispatch: (dispatch: GatewayDispatch) => Promise<void>;
}

/** How a connection ended, and what comes next. */
interface Ending {
  next: 'resume' | 'identify' | 'stop';
  /** READY or RESUMED came: the connection was a working session */
  established: boolean;
  /** a wait the protocol asks for before the next connection */
  delayMs?: number;
  code?: number;
  reason?: string;
}

/** One WebSocket connection to the Gateway and its state. */
interface Connection {
  socket: WebSocket;
  /** what the client decided when it closed the connection itself */
  next?: Ending['next'];
  delayMs?: number;
  established: boolean;
  acked: boolean;
  /** a dispatch could not be handled: nothing after it counts as handled on this connection */
  broken: boolean;
  /** the last sequence received (heartbeats carry it) */
  lastSeq: number | null;
  timers: NodeJS.Timeout[];
}

/** Connections in a row that did not get the session back (about 2 minutes of backoff) before a new one is identified. */
const RESUME_ATTEMPTS = 8;

const USER_AGENT = 'DiscordBot (https://github.com/agent-platform/channels, 1.0)';

/**
 * The platform bot's session on Discord's Gateway (v10, JSON): GET /gateway/bot for the URL,
 * Hello, heartbeats (a missing Heartbeat ACK is a zombied connection: it reconnects),
 * Identify or Resume, READY (session id and resume URL kept), dispatches handed over in order
 * with their sequence, Reconnect (op 7) and Invalid Session (op 9) followed, and a dropped
 * connection resumed from the last sequence handled, on the session's resume URL.
 *
 * A dispatch's sequence is the session's handled sequence only once `onDispatch` resolved for it
 * and for every one before it; when one fails, the client closes the connection (resumably) and
 * resumes from before it, so Discord sends it again instead of it being lost.
 */
export class DiscordGateway {
  private running = false;
  /** Discord refused the bot itself (token, intents): starting again cannot help. */
  private refused = false;
  /** dispatches in a row that could not be handled: the resumes that follow slow down */
  private handleFailures = 0;
  private loop?: Promise<void>;
  private session?: GatewaySession;
  private connection?: Connection;
  private wake?: () => void;
  /** the dispatches being handled, in sequence order */
  private tail: Promise<void> = Promise.resolve();
  private readonly log: Logger;

  constructor(private readonly options: DiscordGatewayOptions) {
    this.log = options.logger.child({ component: 'discord-gateway' });
  }

  /**
   * Starts the session: resumes `from` when given (a session another process held), else
   * identifies. false when Discord refused the bot before (token, intents): no new attempt.
   */
  start(from?: GatewaySession): boolean {
    if (this.refused) return false;
    if (this.running) return true;
    this.running = true;
    this.session = from;
    this.loop = this.run();
    return true;
  }

  get started(): boolean {
    return this.running;
  }

  /** The session as handled so far (undefined before READY or after it was invalidated). */
  current(): GatewaySession | undefined {
    return this.session;
  }

  /**
   * Closes the connection resumably and waits for the dispatches being handled: the session
   * answered is where another process resumes.
   */
  async stop(): Promise<GatewaySession | undefined> {
    if (!this.running) return this.session;
    this.running = false;
    this.wake?.();
    if (this.connection) this.close(this.connection, 'resume');
    await this.loop;
    await this.tail;
    return this.session;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (this.running) {
      // Whatever the last connection was handling is settled: the session's sequence is final.
      await this.tail;
      let ending: Ending;
      try {
        const url = this.session?.resumeUrl ?? (await this.gatewayUrl());
        ending = this.running ? await this.connect(url) : { next: 'resume', established: false };
      } catch (err) {
        this.log.warn({ err }, 'Discord Gateway unreachable');
        ending = { next: err instanceof GatewayRefused && err.status === 401 ? 'stop' : 'resume', established: false };
      }
      if (!this.running) break;
      if (ending.next === 'stop') {
        this.log.error({ code: ending.code, reason: ending.reason }, 'Discord Gateway refused the bot: no session until the configuration is fixed');
        this.running = false;
        this.refused = true;
        break;
      }
      if (ending.next === 'identify' && this.session) {
        this.log.info({ code: ending.code, reason: ending.reason }, 'Discord Gateway session ended: identifying a new one');
        this.session = undefined;
      }
      failures = ending.established ? 0 : failures + 1;
      if (failures >= RESUME_ATTEMPTS && this.session) {
        // Minutes without getting back in: the session is past resuming (Discord keeps it a few minutes).
        this.log.warn({ failures }, 'Discord Gateway session could not be resumed: identifying a new one');
        this.session = undefined;
      }
      await this.sleep(ending.delayMs ?? reconnectDelayMs(failures));
    }
  }

  /** GET /gateway/bot: the URL to connect to (and the bot's session start budget). */
  private async gatewayUrl(): Promise<string> {
    const response = await fetch(`${this.options.apiBase}/gateway/bot`, {
      headers: { authorization: `Bot ${this.options.token}`, 'user-agent': USER_AGENT },
      signal: AbortSignal.timeout(this.options.timeoutMs),
    });
    const body = (await response.json().catch(() => undefined)) as
      | { url?: string; session_start_limit?: { remaining?: number; reset_after?: number } }
      | undefined;
    if (!response.ok || typeof body?.url !== 'string') throw new GatewayRefused(response.status, `GET /gateway/bot answered ${response.status}: ${providerErrorText(body)}`);
    const limit = body.session_start_limit;
    if (limit?.remaining === 0 && typeof limit.reset_after === 'number') {
      this.log.warn({ resetAfterMs: limit.reset_after }, 'Discord session starts used up: waiting for the reset');
      await this.sleep(limit.reset_after);
    }
    return body.url;
  }

  /** One connection, from opening to close. */
  private connect(url: string): Promise<Ending> {
    return new Promise((resolve) => {
      const socket = new WebSocket(gatewayConnectUrl(url), { handshakeTimeout: this.options.timeoutMs, perMessageDeflate: false });
      const connection: Connection = { socket, established: false, acked: true, broken: false, lastSeq: this.session?.seq ?? null, timers: [] };
      this.connection = connection;
      socket.on('message', (raw) => {
        let payload: GatewayPayload;
        try {
          payload = JSON.parse(raw.toString()) as GatewayPayload;
        } catch {
          this.log.warn('Discord Gateway sent a payload that is not JSON');
          return;
        }
        this.receive(connection, payload);
      });
      socket.on('error', (err) => this.log.warn({ err: err.message }, 'Discord Gateway connection error'));
      socket.on('close', (code, reason) => {
        for (const timer of connection.timers) clearTimeout(timer);
        if (this.connection === connection) this.connection = undefined;
        const next = connection.next ?? afterGatewayClose(code);
        if (!connection.next) this.log.info({ code, reason: reason.toString() }, 'Discord Gateway closed the connection');
        resolve({ next, established: connection.established, delayMs: connection.delayMs, code, reason: reason.toString() });
      });
    });
  }

  private receive(connection: Connection, payload: GatewayPayload): void {
    switch (payload.op) {
      case GATEWAY_OP.hello: {
        const interval = Number((payload.d as { heartbeat_interval?: number } | undefined)?.heartbeat_interval);
        if (!Number.isFinite(interval) || interval <= 0) return this.close(connection, 'resume');
        this.heartbeatEvery(connection, interval);
        if (this.session) {
          this.send(connection, { op: GATEWAY_OP.resume, d: { token: this.options.token, session_id: this.session.sessionId, seq: this.session.seq } });
        } else {
          this.send(connection, {
            op: GATEWAY_OP.identify,
            d: { token: this.options.token, intents: this.options.intents, properties: { os: process.platform, browser: 'agent-platform', device: 'agent-platform' } },
          });
        }
        return;
      }
      case GATEWAY_OP.heartbeat:
        // The Gateway asks for a heartbeat now.
        return this.send(connection, { op: GATEWAY_OP.heartbeat, d: connection.lastSeq });
      case GATEWAY_OP.heartbeatAck:
        connection.acked = true;
        return;
      case GATEWAY_OP.reconnect:
        this.log.info('Discord Gateway asked for a reconnect: resuming');
        return this.close(connection, 'resume');
      case GATEWAY_OP.invalidSession: {
        const resumable = payload.d === true;
        this.log.info({ resumable }, 'Discord Gateway invalidated the session');
        return this.close(connection, resumable && this.session ? 'resume' : 'identify', invalidSessionDelayMs());
      }
      case GATEWAY_OP.dispatch:
        return this.dispatched(connection, payload);
      default:
        return;
    }
  }

  private dispatched(connection: Connection, payload: GatewayPayload): void {
    if (typeof payload.s !== 'number' || typeof payload.t !== 'string') return;
    connection.lastSeq = payload.s;
    const dispatch: GatewayDispatch = { t: payload.t, s: payload.s, d: payload.d };
    if (dispatch.t === 'READY') {
      const ready = dispatch.d as { session_id?: string; resume_gateway_url?: string; user?: { id?: string; username?: string }; guilds?: unknown[] };
      if (!ready?.session_id || !ready.resume_gateway_url) return this.close(connection, 'identify');
      this.session = { sessionId: ready.session_id, resumeUrl: ready.resume_gateway_url, seq: dispatch.s };
      connection.established = true;
      this.log.info({ botUserId: ready.user?.id, bot: ready.user?.username, guilds: ready.guilds?.length ?? 0 }, 'Discord Gateway session ready');
      return;
    }
    if (dispatch.t === 'RESUMED') {
      connection.established = true;
      this.log.info({ seq: this.session?.seq }, 'Discord Gateway session resumed');
    }
    this.handle(connection, dispatch);
  }

  /**
   * Hands the dispatch over at once (dispatches of different conversations are queued
   * together), and counts it as handled in sequence order once it and those before it are.
   */
  private handle(connection: Connection, dispatch: GatewayDispatch): void {
    if (connection.broken) return;
    const sessionId = this.session?.sessionId;
    const work = dispatch.t === 'RESUMED' ? Promise.resolve() : Promise.resolve().then(() => this.options.onDispatch(dispatch));
    // settled never rejects: a failure is read in order below, not reported as unhandled meanwhile
    const settled = work.then(
      () => undefined,
      (err: unknown) => err,
    );
    this.tail = this.tail.then(async () => {
      const failure = await settled;
      if (connection.broken || !this.session || this.session.sessionId !== sessionId) return;
      if (failure) {
        connection.broken = true;
        this.handleFailures += 1;
        this.log.warn({ err: failure, seq: dispatch.s, event: dispatch.t }, 'a Discord dispatch was not handled: resuming from before it');
        this.close(connection, 'resume', reconnectDelayMs(this.handleFailures));
        return;
      }
      this.handleFailures = 0;
      if (dispatch.s > this.session.seq) this.session = { ...this.session, seq: dispatch.s };
    });
  }

  private heartbeatEvery(connection: Connection, intervalMs: number): void {
    const beat = () => {
      if (!connection.acked) {
        this.log.warn('no Heartbeat ACK from the Discord Gateway: zombied connection, reconnecting');
        connection.next = 'resume';
        connection.socket.terminate();
        return;
      }
      connection.acked = false;
      this.send(connection, { op: GATEWAY_OP.heartbeat, d: connection.lastSeq });
      connection.timers.push(setTimeout(beat, intervalMs));
    };
    connection.timers.push(setTimeout(beat, firstHeartbeatDelayMs(intervalMs)));
  }

  private send(connection: Connection, payload: GatewayPayload): void {
    if (connection.socket.readyState === WebSocket.OPEN) connection.socket.send(JSON.stringify(payload));
  }

  /** Closes with a code that keeps the session resumable; what follows is `next`. */
  private close(connection: Connection, next: Ending['next'], delayMs?: number): void {
    if (connection.next) return;
    connection.next = next;
    connection.delayMs = delayMs;
    const { socket } = connection;
    if (socket.readyState === WebSocket.CONNECTING) return socket.terminate();
    socket.close(RESUMABLE_CLOSE_CODE);
    // A Gateway that does not answer the close frame is not waited for.
    setTimeout(() => socket.terminate(), 1_000).unref();
  }

  private sleep(ms: number): Promise<void> {
    if (ms <= 0 || !this.running) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        resolve();
      }
      this.wake = done;
    });
  }
}

/** Discord's REST API refused a call (status and Discord's own message, never the token). */
class GatewayRefused extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}
