#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of Discord's webhooks (https://discord.com/developers/docs/resources/webhook),
 * for `make up` and tests. Plain Node, no dependencies, no build step.
 *
 *   node infra/sandboxes/discord/server.js [--port N] [--host H]
 *
 * Port: --port, else DISCORD_SANDBOX_PORT, else 4130 (0 picks a free one). Prints
 * "discord sandbox listening on http://HOST:PORT" once it accepts connections.
 *
 *   POST /api/webhooks/<id>/<token>[?wait=true]   Execute Webhook {content, username?}: 204, or
 *                                                 200 with the message when wait=true
 *   GET  /api/webhooks/<id>/<token>               the webhook object
 *   GET  /sandbox/webhooks/<id>/messages          what was posted to the webhook (the channel)
 *   GET  /healthz
 * A webhook exists for any id of 17 to 20 digits with a token of 60 to 80 characters of
 * [A-Za-z0-9_-]; another token shape answers 401 Invalid Webhook Token (code 50027), another
 * id 404 Unknown Webhook (code 10015). Shapes: infra/sandboxes/README.md.
 */
const http = require('node:http');
const { cliArg, listen, runFromCli } = require('../lib/serve');
const crypto = require('node:crypto');

const ID = /^\d{17,20}$/;
const TOKEN = /^[A-Za-z0-9_-]{60,80}$/;
/** webhook id -> [{id, content, username, timestamp}] */
const channels = new Map();

function send(res, status, body) {
  if (status === 204) return res.writeHead(204).end();
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) }).end(text);
}

const snowflake = () => String((BigInt(Date.now() - 1420070400000) << 22n) | BigInt(crypto.randomInt(1 << 22)));

async function handle(req, res) {
  const url = new URL(req.url, 'http://sandbox');
  const chunks = [];
  for await (const chunk of req) chunks.push(chunk);
  const raw = Buffer.concat(chunks).toString('utf8');
  if (url.pathname === '/healthz') return send(res, 200, { ok: true });
  const listed = /^\/sandbox\/webhooks\/(\d+)\/messages$/.exec(url.pathname);
  if (listed && req.method === 'GET') return send(res, 200, channels.get(listed[1]) ?? []);

  const hook = /^\/api(?:\/v10)?\/webhooks\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  if (!hook) return send(res, 404, { message: '404: Not Found', code: 0 });
  const [, id, token] = hook;
  if (!ID.test(id)) return send(res, 404, { message: 'Unknown Webhook', code: 10015 });
  if (!TOKEN.test(token)) return send(res, 401, { message: 'Invalid Webhook Token', code: 50027 });
  const webhook = { type: 1, id, name: 'Sandbox hook', channel_id: String(BigInt(id) + 1n), guild_id: String(BigInt(id) + 2n), token };
  if (req.method === 'GET') return send(res, 200, webhook);
  if (req.method !== 'POST') return send(res, 405, { message: '405: Method Not Allowed', code: 0 });

  let body;
  try {
    body = raw ? JSON.parse(raw) : {};
  } catch {
    return send(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
  }
  const content = typeof body.content === 'string' ? body.content : '';
  if (!content.trim()) return send(res, 400, { message: 'Cannot send an empty message', code: 50006 });
  if (content.length > 2000) return send(res, 400, { message: 'Invalid Form Body', code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } } });
  const message = { id: snowflake(), type: 0, content, channel_id: webhook.channel_id, author: { id, username: body.username ?? webhook.name, bot: true }, timestamp: new Date().toISOString(), webhook_id: id };
  channels.set(id, [...(channels.get(id) ?? []), message]);
  return url.searchParams.get('wait') === 'true' ? send(res, 200, message) : send(res, 204);
}

function main() {
  const port = Number(cliArg('--port') ?? process.env.DISCORD_SANDBOX_PORT ?? 4130);
  const host = cliArg('--host') ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { message: err.message, code: 0 }));
  });
  runFromCli('discord sandbox', () => listen(server, port, host));
}

if (require.main === module) main();
