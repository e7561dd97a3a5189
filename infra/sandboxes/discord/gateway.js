'use strict';
/*
 * The sandbox's Discord Gateway (https://discord.com/developers/docs/events/gateway): version
 * 10, JSON encoding, over a WebSocket of the `ws` library. What a bot's client meets there:
 *
 *   Hello (op 10, heartbeat_interval) on connecting; Heartbeat (op 1) answered with Heartbeat ACK
 *   (op 11); no heartbeat for two intervals: closed with 4009 (session timed out).
 *   Identify (op 2): the token must be the sandbox bot's (else 4004), properties {os, browser,
 *   device} present (else 4002), intents a valid bit set (else 4013) asking for no privileged
 *   intent but MESSAGE_CONTENT (GUILD_MEMBERS, GUILD_PRESENCES: 4014); a second Identify 4005.
 *   READY (dispatch, s = 1): session_id, resume_gateway_url (ws://<host>/resume), the bot user.
 *   Dispatches (op 0) carry their sequence s; every one is kept per session, connected or not.
 *   Resume (op 6) {token, session_id, seq}: the dispatches after seq replayed, then RESUMED; an
 *   unknown, invalidated or expired session (3 minutes without a connection) answers Invalid
 *   Session (op 9, d false); a seq ahead of the session closes with 4007.
 *   A client closing with 1000 or 1001 ends its session (as Discord does); any other code or a
 *   dropped connection keeps it resumable.
 *   Before Identify or Resume, anything but a heartbeat closes with 4003; an unknown opcode 4001;
 *   a payload that is not JSON 4002; v other than 10 4012, encoding other than json 4002.
 *
 * MESSAGE_CREATE goes to every live session that asked for GUILD_MESSAGES, with an empty content
 * unless it asked for MESSAGE_CONTENT too. The sandbox's controls (drop, reconnect, invalidate,
 * zombie) act on every connected session.
 */
const crypto = require('node:crypto');
const { WebSocket, WebSocketServer } = require('ws');

/** Larger payloads close the connection (Discord's own limit is far lower; a client sends small ones). */
const MAX_PAYLOAD_BYTES = 4 * 1024 * 1024;
const OP = { dispatch: 0, heartbeat: 1, identify: 2, presenceUpdate: 3, voiceStateUpdate: 4, resume: 6, reconnect: 7, requestGuildMembers: 8, invalidSession: 9, hello: 10, heartbeatAck: 11 };
const INTENTS = { guildMembers: 1 << 1, guildPresences: 1 << 8, guildMessages: 1 << 9, messageContent: 1 << 15 };
/** Every intent bit Discord defines (up to 1 << 25). */
const ALL_INTENTS = (1 << 26) - 1;
const PRIVILEGED = INTENTS.guildMembers | INTENTS.guildPresences | INTENTS.messageContent;
/** The sandbox app's privileged intents switched on in its (imaginary) developer portal. */
const ENABLED_PRIVILEGED = INTENTS.messageContent;
const RESUMABLE_FOR_MS = 3 * 60_000;
const KEPT_DISPATCHES = 1000;

/**
 * The Gateway of one sandbox: `upgrade` takes node:http's upgrade events; `messageCreated`
 * dispatches a channel message; the controls and `sessions()` are the sandbox's own commands.
 */
function createGateway({ botToken, botUser, guildId, heartbeatIntervalMs }) {
  /** session id -> {id, seq, intents, dispatches, connection, invalid, disconnectedAt, identifiedAt, resumes, connections} */
  const sessions = new Map();
  let sessionStarts = 1000;
  const sockets = new WebSocketServer({ noServer: true, maxPayload: MAX_PAYLOAD_BYTES });

  const send = (conn, payload) => conn.ws.send(JSON.stringify(payload));

  function dispatch(session, t, d) {
    const event = { op: OP.dispatch, t, s: (session.seq += 1), d };
    session.dispatches.push(event);
    if (session.dispatches.length > KEPT_DISPATCHES) session.dispatches.shift();
    if (session.connection?.ws.readyState === WebSocket.OPEN) send(session.connection, event);
    return event.s;
  }

  const resumable = (session) => !session.invalid && (Boolean(session.connection) || Date.now() - session.disconnectedAt <= RESUMABLE_FOR_MS);

  function attach(session, conn, resumed) {
    conn.session = session;
    session.connection = conn;
    session.connections.push({ path: conn.path, resumed, openedAt: new Date().toISOString(), closeCode: null });
    conn.record = session.connections[session.connections.length - 1];
  }

  function identify(conn, d) {
    if (conn.session) return conn.ws.close(4005, 'Already authenticated.');
    if (!d || d.token !== botToken) return conn.ws.close(4004, 'Authentication failed.');
    const p = d.properties;
    if (!p || typeof p.os !== 'string' || typeof p.browser !== 'string' || typeof p.device !== 'string') return conn.ws.close(4002, 'Error while decoding payload.');
    if (!Number.isInteger(d.intents) || d.intents < 0 || d.intents > ALL_INTENTS) return conn.ws.close(4013, 'Invalid intent(s).');
    if (d.intents & PRIVILEGED & ~ENABLED_PRIVILEGED) return conn.ws.close(4014, 'Disallowed intent(s).');
    sessionStarts -= 1;
    const session = { id: crypto.randomBytes(16).toString('hex'), seq: 0, intents: d.intents, dispatches: [], connection: null, invalid: false, disconnectedAt: 0, identifiedAt: new Date().toISOString(), resumes: 0, connections: [] };
    sessions.set(session.id, session);
    attach(session, conn, false);
    dispatch(session, 'READY', {
      v: 10,
      user: botUser,
      guilds: [{ id: guildId, unavailable: true }],
      session_id: session.id,
      session_type: 'normal',
      resume_gateway_url: `ws://${conn.host}/resume`,
      application: { id: botUser.id, flags: 0 },
    });
    return undefined;
  }

  function resume(conn, d) {
    if (conn.session) return conn.ws.close(4005, 'Already authenticated.');
    if (!d || d.token !== botToken) return conn.ws.close(4004, 'Authentication failed.');
    const session = sessions.get(d.session_id);
    if (!session || !resumable(session)) return send(conn, { op: OP.invalidSession, d: false, s: null, t: null });
    const oldest = session.dispatches[0]?.s ?? session.seq + 1;
    if (!Number.isInteger(d.seq) || d.seq > session.seq || d.seq < oldest - 1) {
      session.invalid = true;
      return conn.ws.close(4007, 'Invalid seq.');
    }
    // A session has one connection: the one it had is replaced.
    const previous = session.connection;
    session.connection = null;
    previous?.ws.terminate();
    session.resumes += 1;
    attach(session, conn, true);
    for (const event of session.dispatches) if (event.s > d.seq) send(conn, event);
    dispatch(session, 'RESUMED', {});
    return undefined;
  }

  function receive(conn, text) {
    let payload;
    try {
      payload = JSON.parse(text);
    } catch {
      return conn.ws.close(4002, 'Error while decoding payload.');
    }
    if (!payload || typeof payload.op !== 'number') return conn.ws.close(4002, 'Error while decoding payload.');
    switch (payload.op) {
      case OP.heartbeat:
        conn.lastHeartbeatAt = Date.now();
        conn.heartbeats += 1;
        if (conn.acking) send(conn, { op: OP.heartbeatAck });
        return undefined;
      case OP.identify:
        return identify(conn, payload.d);
      case OP.resume:
        return resume(conn, payload.d);
      case OP.presenceUpdate:
      case OP.voiceStateUpdate:
      case OP.requestGuildMembers:
        return conn.session ? undefined : conn.ws.close(4003, 'Not authenticated.');
      default:
        return conn.ws.close(4001, 'Unknown opcode.');
    }
  }

  /** node:http's 'upgrade': a client connecting to the Gateway (/) or a session's resume URL (/resume). */
  function upgrade(req, socket, head) {
    const url = new URL(req.url, 'http://sandbox');
    if (url.pathname !== '/' && url.pathname !== '/resume') return socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    // ws answers a request that is not a WebSocket handshake with 400 itself
    return sockets.handleUpgrade(req, socket, head, (ws) => accepted(ws, url, req.headers.host));
  }

  /** An accepted connection: Hello, then the client's payloads. */
  function accepted(ws, url, host) {
    const conn = { ws, path: url.pathname, host, session: null, record: null, acking: true, heartbeats: 0, lastHeartbeatAt: Date.now() };
    // a peer's protocol error closes the connection (1002 and the like); nothing to report beyond that
    ws.on('error', () => undefined);
    ws.on('close', (code) => {
      clearInterval(watchdog);
      if (conn.record) conn.record.closeCode = code;
      const session = conn.session;
      if (!session || session.connection !== conn) return;
      session.connection = null;
      session.disconnectedAt = Date.now();
      if (code === 1000 || code === 1001) session.invalid = true;
    });
    const watchdog = setInterval(() => {
      if (Date.now() - conn.lastHeartbeatAt <= heartbeatIntervalMs * 2) return;
      if (conn.session) conn.session.invalid = true;
      ws.close(4009, 'Session timed out.');
    }, heartbeatIntervalMs);
    watchdog.unref();
    if (url.searchParams.get('v') !== '10') return ws.close(4012, 'Invalid API version.');
    if (url.searchParams.get('encoding') !== 'json') return ws.close(4002, 'Error while decoding payload.');
    ws.on('message', (data) => receive(conn, data.toString()));
    send(conn, { op: OP.hello, d: { heartbeat_interval: heartbeatIntervalMs }, s: null, t: null });
    return undefined;
  }

  /** A message in a channel of the sandbox's server: MESSAGE_CREATE to every live session with GUILD_MESSAGES. */
  function messageCreated(message) {
    const dispatched = [];
    for (const session of sessions.values()) {
      if (!resumable(session) || !(session.intents & INTENTS.guildMessages)) continue;
      const d = session.intents & INTENTS.messageContent ? message : { ...message, content: '', embeds: [], attachments: [], components: [] };
      dispatched.push({ session: session.id, seq: dispatch(session, 'MESSAGE_CREATE', d), connected: Boolean(session.connection) });
    }
    return dispatched;
  }

  const connected = () => [...sessions.values()].filter((session) => session.connection);

  /** The sandbox's controls, on every connected session: what Discord may do to a bot at any time. */
  const controls = {
    /** the TCP connection cut without a close frame (the client sees 1006 and resumes) */
    drop: () => connected().map((session) => (session.connection.ws.terminate(), session.id)),
    /** Reconnect (op 7): the client is to resume on a new connection */
    reconnect: () => connected().map((session) => (send(session.connection, { op: OP.reconnect, d: null, s: null, t: null }), session.id)),
    /** Invalid Session (op 9); not resumable: the session ends, the client identifies anew */
    invalidate: (canResume) =>
      connected().map((session) => {
        if (!canResume) session.invalid = true;
        send(session.connection, { op: OP.invalidSession, d: Boolean(canResume), s: null, t: null });
        return session.id;
      }),
    /** heartbeats no longer acknowledged: the client should take the connection for a zombie */
    zombie: () => connected().map((session) => ((session.connection.acking = false), session.id)),
  };

  function sessionsInfo() {
    return [...sessions.values()].map((session) => ({
      id: session.id,
      seq: session.seq,
      intents: session.intents,
      connected: Boolean(session.connection),
      resumable: resumable(session),
      identifiedAt: session.identifiedAt,
      resumes: session.resumes,
      heartbeats: session.connection?.heartbeats ?? 0,
      connections: session.connections,
    }));
  }

  const gatewayBot = (host) => ({
    url: `ws://${host}`,
    shards: 1,
    session_start_limit: { total: 1000, remaining: Math.max(sessionStarts, 0), reset_after: 86_400_000, max_concurrency: 1 },
  });

  return { upgrade, messageCreated, controls, sessions: sessionsInfo, gatewayBot };
}

module.exports = { createGateway, INTENTS };
