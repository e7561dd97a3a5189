#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of the fonts service's css2 API (Google Fonts' shapes), for `make up`
 * and tests. Plain Node, no dependencies.
 *
 *   node infra/sandboxes/fonts/server.js [--port N] [--host H]     (FONTS_SANDBOX_PORT, else 4142)
 *
 *   GET /css2?family=Name+With+Spaces[:wght@400;500;700][&family=...]
 *       200 text/css with one @font-face per family and weight, or
 *       400 text/html when a family is unknown (as the real service answers)
 *   GET /healthz
 */
const http = require('node:http');
const { cliArg, listen, runFromCli } = require('../lib/serve');

const FAMILIES = [
  'Rubik', 'DM Sans', 'Roboto', 'Open Sans', 'Lato', 'Montserrat', 'Poppins', 'Inter', 'Oswald', 'Raleway', 'Nunito',
  'Merriweather', 'Playfair Display', 'Source Sans 3', 'Ubuntu', 'Work Sans', 'Fira Sans', 'Noto Sans', 'PT Sans',
  'Quicksand', 'Karla', 'Mulish', 'Barlow', 'Manrope', 'Space Grotesk', 'IBM Plex Sans', 'Josefin Sans', 'Lobster',
  'Pacifico', 'Dancing Script', 'Bebas Neue', 'Archivo', 'Cabin', 'Heebo', 'Titillium Web', 'Outfit', 'Lexend',
];
const KNOWN = new Map(FAMILIES.map((f) => [f.toLowerCase(), f]));

function css2(search) {
  const families = search.getAll('family');
  if (!families.length) return { status: 400, body: 'Missing font family' };
  const faces = [];
  for (const spec of families) {
    const [rawName, axes = ''] = spec.split(':');
    const family = KNOWN.get(rawName.replace(/\+/g, ' ').trim().toLowerCase());
    if (!family) return { status: 400, body: `<html><body>Font family not found: ${rawName.replace(/[<>&]/g, '')}</body></html>` };
    const weights = /wght@([\d;]+)/.exec(axes)?.[1].split(';') ?? ['400'];
    for (const weight of weights) {
      faces.push(`@font-face {\n  font-family: '${family}';\n  font-style: normal;\n  font-weight: ${weight};\n  font-display: swap;\n  src: local('${family}');\n}`);
    }
  }
  return { status: 200, body: `${faces.join('\n')}\n`, css: true };
}

function startFontsSandbox({ port = 4142, host = '127.0.0.1' } = {}) {
  const server = http.createServer((req, res) => {
    // The raw query: '+' in a family name stands for a space and must not be read as one already.
    const url = new URL(req.url, 'http://sandbox');
    if (url.pathname === '/healthz') {
      res.writeHead(200, { 'content-type': 'application/json' });
      return res.end('{"ok":true}');
    }
    if (url.pathname !== '/css2' || req.method !== 'GET') {
      res.writeHead(404, { 'content-type': 'text/plain' });
      return res.end('Not found');
    }
    const search = new URLSearchParams(url.search.replace(/\+/g, '%2B'));
    const answer = css2(search);
    res.writeHead(answer.status, { 'content-type': answer.css ? 'text/css; charset=utf-8' : 'text/html', 'access-control-allow-origin': '*' });
    res.end(answer.body);
  });
  return listen(server, port, host);
}

module.exports = { startFontsSandbox, FAMILIES };

if (require.main === module) {
  runFromCli('fonts sandbox', () => startFontsSandbox({ port: Number(cliArg('--port') ?? process.env.FONTS_SANDBOX_PORT ?? 4142), host: cliArg('--host') ?? '127.0.0.1' }));
}
