'use strict';
const http = require('node:http');
/*
 * What every sandbox's server.js shares: its `--name value` options, listening (with the
 * "<name> sandbox listening on URL" line tests and deps.sh wait for), stopping on SIGTERM or
 * SIGINT, and JSON over plain node:http. No dependencies.
 */

/** The value after `name` on the command line (e.g. '--port'), or undefined. */
function cliArg(name, argv = process.argv.slice(2)) {
  const at = argv.indexOf(name);
  return at === -1 ? undefined : argv[at + 1];
}

/** Listens on port (0 picks a free one) and host; resolves once it accepts connections. */
function listen(server, port, host) {
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => resolve({ server, port: server.address().port, url: `http://${host}:${server.address().port}` }));
  });
}

/**
 * Runs a sandbox from the command line: `start()` resolves to `{server, url}`; prints
 * "<label> listening on <url>", stops on SIGTERM/SIGINT, and exits 1 when it cannot start.
 */
function runFromCli(label, start) {
  return start().then(
    ({ server, url }) => {
      process.stdout.write(`${label} listening on ${url}\n`);
      const stop = () => server.close(() => process.exit(0));
      process.on('SIGTERM', stop);
      process.on('SIGINT', stop);
    },
    (err) => {
      process.stderr.write(`${label} failed to start: ${err.message}\n`);
      process.exit(1);
    },
  );
}

/** Sends a JSON body (or a text body of another type) with its length. */
function send(res, status, body, type = 'application/json') {
  const text = type === 'application/json' ? JSON.stringify(body) : body;
  res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/** The request body as text. */
function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/** An http server whose `handle(req, res, body)` gets the JSON body (undefined when empty); `badJson(res)` answers one that does not parse. */
function jsonServer(handle, badJson) {
  return http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      let body;
      try {
        body = chunks.length ? JSON.parse(Buffer.concat(chunks).toString('utf8')) : undefined;
      } catch {
        return badJson(res);
      }
      handle(req, res, body);
    });
  });
}

module.exports = { cliArg, listen, runFromCli, send, readBody, jsonServer };
