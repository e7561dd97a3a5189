#!/usr/bin/env node
'use strict';
/*
 * A local voice-tool server to try the Tools tab's test against: it answers the tool-calls
 * message a voice call sends (billing.md §3) the way a real tool server would. Plain Node.
 *
 *   node infra/sandboxes/tool-server/server.js [--port N] [--host H]
 *
 * Port: --port, else TOOL_SERVER_SANDBOX_PORT, else 4170. Secret: TOOL_SERVER_SECRET, else
 * "sandbox-tool-secret"; a request without the matching x-vapi-secret header gets 401.
 *
 *   POST /order-status   arguments {orderId}: the order's delivery status
 *   POST /book           arguments {date, time, name?}: a booking confirmation
 *   POST /echo           answers the arguments it received
 *   GET  /healthz
 *
 * Answers {results: [{toolCallId, result}]}, one per tool call in message.toolCallList.
 */
const http = require('node:http');
const { cliArg, listen, runFromCli } = require('../lib/serve');

const STATUSES = ['being baked', 'out for delivery', 'delivered', 'ready for pick-up'];

const TOOLS = {
  '/order-status': (args) => {
    const id = String(args.orderId ?? '').trim();
    if (!id) return 'Please give an order number.';
    const status = STATUSES[[...id].reduce((sum, c) => sum + c.charCodeAt(0), 0) % STATUSES.length];
    return `Order ${id} is ${status}.`;
  },
  '/book': (args) => (args.date && args.time ? `Booked a table for ${args.name ?? 'you'} on ${args.date} at ${args.time}.` : 'Please give a date and a time.'),
  '/echo': (args) => args,
};

function send(res, status, body) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

function startToolServer({ port = 4170, host = '127.0.0.1', secret = 'sandbox-tool-secret' } = {}) {
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url, 'http://tools');
    if (req.method === 'GET' && pathname === '/healthz') return send(res, 200, { ok: true });
    const tool = TOOLS[pathname];
    if (!tool || req.method !== 'POST') return send(res, 404, { error: `No tool at ${req.method} ${pathname}` });
    if (req.headers['x-vapi-secret'] !== secret) return send(res, 401, { error: 'Missing or wrong x-vapi-secret' });
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
      if (body.length > 1_000_000) req.destroy();
    });
    req.on('end', () => {
      let calls;
      try {
        calls = JSON.parse(body).message.toolCallList;
        if (!Array.isArray(calls)) throw new Error('no toolCallList');
      } catch {
        return send(res, 400, { error: 'Expected a tool-calls message: {message: {type: "tool-calls", toolCallList: [...]}}' });
      }
      send(res, 200, { results: calls.map((call) => ({ toolCallId: call.id, result: tool((call.function && call.function.arguments) || {}) })) });
    });
  });
  return listen(server, port, host);
}

module.exports = { startToolServer };

if (require.main === module) {
  const port = Number(cliArg('--port') ?? process.env.TOOL_SERVER_SANDBOX_PORT ?? 4170);
  const host = cliArg('--host') ?? '127.0.0.1';
  runFromCli('tool server sandbox', () => startToolServer({ port, host, secret: process.env.TOOL_SERVER_SECRET || 'sandbox-tool-secret' }));
}
