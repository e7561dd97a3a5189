#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of a browser vendor's push service (Web Push: RFC 8030 delivery, RFC 8291
 * aes128gcm payloads, RFC 8292 VAPID), for `make up` and tests. Plain Node, no dependencies.
 *
 *   node infra/sandboxes/web-push/server.js [--port N] [--host H]
 *
 * Port: --port, else WEB_PUSH_SANDBOX_PORT, else 4185 (0 picks a free one). Prints
 * "web-push sandbox listening on http://HOST:PORT" once it accepts connections.
 *
 *   POST /subscriptions {applicationServerKey?}  a new subscription endpoint: 201 {endpoint}
 *   POST /push/<id>                              a push message, as a browser's push service takes it:
 *        201 (Location: the message), 400 without TTL, 401 without a `vapid t=..., k=...` Authorization,
 *        403 when the JWT's ES256 signature does not verify against k, aud is not this origin, exp is
 *        past or more than 24 h ahead, or k is not the subscription's applicationServerKey;
 *        404 unknown endpoint, 410 endpoint marked gone, 413 over 4096 bytes, 415 not aes128gcm
 *   POST /sandbox/push/<id>/gone                 the browser unsubscribed: the endpoint answers 410 from now
 *   GET  /sandbox/push/<id>/messages             what the endpoint received (body base64url, headers)
 *   GET  /                                       a page listing the deliveries
 *   GET  /healthz
 * Messages are kept in memory (the last 200 per endpoint).
 */
const crypto = require('node:crypto');
const { cliArg, listen, runFromCli, send } = require('../lib/serve');

const MAX_PAYLOAD = 4096;
const MAX_EXP_SECONDS = 24 * 60 * 60;
/** id -> {applicationServerKey?, gone, messages: [{id, receivedAt, ttl, urgency, topic, body}]} */
const endpoints = new Map();

const b64urlDecode = (text) => Buffer.from(text, 'base64url');

function readRaw(req, limit) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size <= limit + 1) chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** `vapid t=<jwt>, k=<p256 public key>` (RFC 8292 §3) -> {t, k}, or null. */
function parseVapid(header) {
  const match = /^vapid\s+(.+)$/i.exec(header ?? '');
  if (!match) return null;
  const params = Object.fromEntries(match[1].split(',').map((part) => part.trim().split(/=(.*)/s).slice(0, 2)));
  return params.t && params.k ? { t: params.t, k: params.k } : null;
}

/** The reason the VAPID JWT is refused (403), or null when it is valid for this origin. */
function vapidProblem({ t, k }, origin, nowSeconds) {
  const parts = t.split('.');
  if (parts.length !== 3) return 'malformed JWT';
  let header, claims, key;
  try {
    header = JSON.parse(b64urlDecode(parts[0]).toString('utf8'));
    claims = JSON.parse(b64urlDecode(parts[1]).toString('utf8'));
    const raw = b64urlDecode(k);
    if (raw.length !== 65 || raw[0] !== 4) return 'k is not an uncompressed P-256 point';
    key = crypto.createPublicKey({ key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') }, format: 'jwk' });
  } catch {
    return 'malformed JWT or key';
  }
  if (header.alg !== 'ES256') return 'alg must be ES256';
  const signed = crypto.verify('sha256', Buffer.from(`${parts[0]}.${parts[1]}`), { key, dsaEncoding: 'ieee-p1363' }, b64urlDecode(parts[2]));
  if (!signed) return 'bad signature';
  if (claims.aud !== origin) return `aud must be ${origin}`;
  if (typeof claims.exp !== 'number' || claims.exp <= nowSeconds) return 'expired';
  if (claims.exp > nowSeconds + MAX_EXP_SECONDS) return 'exp more than 24 hours ahead';
  return null;
}

const escapeHtml = (text) => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page() {
  const rows = [...endpoints.entries()].flatMap(([id, entry]) =>
    entry.messages.map((m) => `<tr><td>${escapeHtml(m.receivedAt)}</td><td>/push/${escapeHtml(id)}${entry.gone ? ' (gone)' : ''}</td><td>${Buffer.from(m.body, 'base64url').length}</td><td>${escapeHtml(m.ttl)}</td><td>${escapeHtml(m.urgency ?? '')}</td><td><code>${escapeHtml(m.body.slice(0, 48))}…</code></td></tr>`),
  );
  return `<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Web Push sandbox</title>
<h1>Web Push sandbox</h1><p>${endpoints.size} subscription endpoint(s). Payloads are end-to-end encrypted (aes128gcm): only the subscriber's private key reads them.</p>
<table border="1" cellpadding="4"><tr><th>received</th><th>endpoint</th><th>bytes</th><th>TTL</th><th>urgency</th><th>body (base64url)</th></tr>${rows.reverse().join('') || '<tr><td colspan="6">No deliveries yet.</td></tr>'}</table>`;
}

async function handle(req, res, origin) {
  const url = new URL(req.url, origin);
  const body = await readRaw(req, MAX_PAYLOAD);
  if (url.pathname === '/healthz') return send(res, 200, { ok: true });
  if (url.pathname === '/' && req.method === 'GET') return send(res, 200, page(), 'text/html');

  if (url.pathname === '/subscriptions' && req.method === 'POST') {
    let request = {};
    try {
      request = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return send(res, 400, { error: 'invalid JSON' });
    }
    const id = crypto.randomBytes(16).toString('base64url');
    endpoints.set(id, { applicationServerKey: request.applicationServerKey, gone: false, messages: [] });
    return send(res, 201, { endpoint: `${origin}/push/${id}` });
  }

  const sandbox = /^\/sandbox\/push\/([A-Za-z0-9_-]+)\/(gone|messages)$/.exec(url.pathname);
  if (sandbox) {
    const entry = endpoints.get(sandbox[1]);
    if (!entry) return send(res, 404, { error: 'unknown endpoint' });
    if (sandbox[2] === 'messages') return send(res, 200, entry.messages);
    entry.gone = true;
    return send(res, 200, { gone: true });
  }

  const push = /^\/push\/([A-Za-z0-9_-]+)$/.exec(url.pathname);
  if (!push) return send(res, 404, { error: 'not found' });
  if (req.method !== 'POST') return send(res, 405, { error: 'method not allowed' });
  const entry = endpoints.get(push[1]);
  if (!entry) return send(res, 404, { error: 'unknown subscription' });
  if (entry.gone) return send(res, 410, { error: 'push subscription has unsubscribed or expired' });
  const vapid = parseVapid(req.headers.authorization);
  if (!vapid) return send(res, 401, { error: 'missing or malformed VAPID Authorization (vapid t=..., k=...)' });
  const problem = vapidProblem(vapid, origin, Math.floor(Date.now() / 1000));
  if (problem) return send(res, 403, { error: `invalid VAPID JWT: ${problem}` });
  if (entry.applicationServerKey && entry.applicationServerKey !== vapid.k) return send(res, 403, { error: 'k is not the applicationServerKey of the subscription' });
  const ttl = req.headers.ttl;
  if (ttl === undefined || !/^\d+$/.test(ttl)) return send(res, 400, { error: 'TTL header required' });
  if (body.length > MAX_PAYLOAD) return send(res, 413, { error: 'payload too large' });
  if (body.length && req.headers['content-encoding'] !== 'aes128gcm') return send(res, 415, { error: 'Content-Encoding must be aes128gcm' });
  const message = { id: crypto.randomBytes(8).toString('hex'), receivedAt: new Date().toISOString(), ttl: Number(ttl), urgency: req.headers.urgency, topic: req.headers.topic, body: body.toString('base64url') };
  entry.messages = [...entry.messages, message].slice(-200);
  res.writeHead(201, { location: `${origin}/sandbox/push/${push[1]}/messages#${message.id}`, 'content-length': 0 }).end();
}

/** Starts the sandbox; resolves to {server, url}. */
async function start(port, host) {
  const http = require('node:http');
  let origin = '';
  const server = http.createServer((req, res) => {
    handle(req, res, origin).catch((err) => send(res, 500, { error: err.message }));
  });
  const listening = await listen(server, port, host);
  origin = listening.url;
  return listening;
}

function main() {
  const port = Number(cliArg('--port') ?? process.env.WEB_PUSH_SANDBOX_PORT ?? 4185);
  const host = cliArg('--host') ?? '127.0.0.1';
  runFromCli('web-push sandbox', () => start(port, host));
}

if (require.main === module) main();
module.exports = { start };
