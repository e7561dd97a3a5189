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
 *
 * /archive/ lists ARCHIVE_PAGES generated journal pages (/archive/N.html, each with its own
 * facts), linked from nowhere else: the knowledge crawl's benchmark reads them. robots.txt
 * keeps crawlers out of /private/.
 */
const http = require('node:http');
const fs = require('node:fs');
const path = require('node:path');
const { cliArg, listen, runFromCli } = require('../lib/serve');

const ROOT = path.join(__dirname, 'public');
const TYPES = { '.html': 'text/html; charset=utf-8', '.css': 'text/css', '.svg': 'image/svg+xml', '.ico': 'image/svg+xml', '.png': 'image/png' };

const ARCHIVE_PAGES = 200;
const BREADS = ['rye', 'spelt', 'sourdough', 'brioche', 'pretzel', 'focaccia', 'baguette', 'ciabatta', 'pumpernickel', 'challah'];

function archivePage(n) {
  const bread = BREADS[n % BREADS.length];
  const paragraphs = Array.from({ length: 6 }, (_, i) =>
    `<p>Journal entry ${n}, note ${i + 1}: on day ${n} the ${bread} batch number ${n * 7 + i} rose for ${90 + ((n + i) % 60)} minutes ` +
      `and baker number ${(n % 12) + 1} shaped ${20 + ((n * 3 + i) % 40)} loaves before the ${['morning', 'noon', 'evening'][i % 3]} rush.</p>`,
  ).join('\n');
  const next = n < ARCHIVE_PAGES ? `<a href="/archive/${n + 1}.html">Next entry</a>` : '';
  return `<!doctype html><html><head><title>Journal ${n} - Tidewater Bakery</title></head><body><h1>Journal ${n}: ${bread}</h1>\n${paragraphs}\n${next}</body></html>`;
}

function archiveIndex() {
  const links = Array.from({ length: ARCHIVE_PAGES }, (_, i) => `<li><a href="/archive/${i + 1}.html">Journal ${i + 1}</a></li>`).join('');
  return `<!doctype html><html><head><title>Journal - Tidewater Bakery</title></head><body><h1>The bakery journal</h1><ul>${links}</ul></body></html>`;
}

const server = http.createServer((req, res) => {
  const { pathname } = new URL(req.url, 'http://site');
  if (pathname === '/healthz') return send(res, 200, 'application/json', '{"ok":true}');
  if (pathname === '/robots.txt') return send(res, 200, 'text/plain', 'User-agent: *\nDisallow: /private/\n');
  if (pathname === '/archive/' || pathname === '/archive') return send(res, 200, 'text/html; charset=utf-8', archiveIndex());
  const entry = /^\/archive\/(\d+)\.html$/.exec(pathname);
  if (entry && Number(entry[1]) >= 1 && Number(entry[1]) <= ARCHIVE_PAGES) return send(res, 200, 'text/html; charset=utf-8', archivePage(Number(entry[1])));
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
