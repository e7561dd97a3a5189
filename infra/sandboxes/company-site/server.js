#!/usr/bin/env node
'use strict';
/*
 * A small branded company website (Tidewater Bakery) to try onboarding against: several
 * pages, brand colours in a stylesheet, a logo and a favicon, and facts found nowhere else.
 * Plain Node, no dependencies.
 *
 *   node infra/sandboxes/company-site/server.js [--port N] [--host H]
 *
 * Port: --port, else COMPANY_SITE_PORT, else 4150 (0 picks a free one). Prints
 * "company site listening on http://HOST:PORT" once it accepts connections.
 */
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { cliArg, listen, runFromCli } = require('../lib/serve');

const ROOT = path.join(__dirname, 'public');
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.svg': 'image/svg+xml', '.ico': 'image/svg+xml', '.png': 'image/png' };

const server = http.createServer((req, res) => {
  const { pathname } = new URL(req.url, 'http://site');
  if (pathname === '/healthz') return send(res, 200, 'application/json', '{"ok":true}');
  const name = pathname === '/' ? 'index.html' : pathname.slice(1);
  const file = path.join(ROOT, path.normalize(name));
  if (!file.startsWith(ROOT + path.sep) || !fs.existsSync(file) || !fs.statSync(file).isFile()) return send(res, 404, 'text/html', '<h1>Not found</h1>');
  send(res, 200, TYPES[path.extname(file)] ?? 'application/octet-stream', fs.readFileSync(file));
});

function send(res, status, type, body) {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

const port = Number(cliArg('--port') ?? process.env.COMPANY_SITE_PORT ?? 4150);
const host = cliArg('--host') ?? '127.0.0.1';
runFromCli('company site', () => listen(server, port, host));
