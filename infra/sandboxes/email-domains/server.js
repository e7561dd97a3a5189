#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of the e-mail domain provider's domains API (Resend's shapes), for
 * `make up` and tests. Plain Node, no dependencies.
 *
 *   node infra/sandboxes/email-domains/server.js [--port N] [--host H]   (EMAIL_DOMAINS_SANDBOX_PORT, else 4141)
 *
 *   POST   /domains {name}      → {id, name, status: 'not_started', records[], region, created_at}
 *   POST   /domains/:id/verify  → {object: 'domain', id}; the domain becomes 'pending'
 *   GET    /domains/:id         → the domain; 'verified' (records too) once
 *                                  EMAIL_DOMAINS_SANDBOX_VERIFY_AFTER_MS (default 3000) passed since verify
 *   DELETE /domains/:id         → {object: 'domain', id, deleted: true}
 *   GET    /healthz
 * A bearer token is required (any value). Records: MX (priority 10) and TXT SPF on `send`,
 * TXT DKIM on `resend._domainkey`.
 */
const { cliArg, jsonServer, listen, runFromCli } = require('../lib/serve');
const crypto = require('node:crypto');

function startEmailDomainsSandbox({ port = 4141, host = '127.0.0.1', verifyAfterMs = 3000 } = {}) {
  const domains = new Map();
  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res, status, name, message) => send(res, status, { statusCode: status, name, message });
  const view = (d) => {
    if (d.status === 'pending' && Date.now() - d.verifyAt >= verifyAfterMs) {
      d.status = 'verified';
      for (const r of d.records) r.status = 'verified';
    }
    return { object: 'domain', id: d.id, name: d.name, status: d.status, created_at: d.created_at, region: 'us-east-1', records: d.records };
  };

  function handle(req, res, body) {
    const url = new URL(req.url, 'http://sandbox');
    if (url.pathname === '/healthz') return send(res, 200, { ok: true });
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return error(res, 401, 'missing_api_key', 'Missing API key in the authorization header.');
    if (url.pathname === '/domains' && req.method === 'POST') {
      const name = String(body?.name ?? '').toLowerCase();
      if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(name)) return error(res, 422, 'validation_error', 'The `name` field must be a valid domain.');
      if ([...domains.values()].some((d) => d.name === name)) return error(res, 403, 'validation_error', `The ${name} domain has been registered already.`);
      const dkim = crypto.randomBytes(48).toString('base64');
      const d = {
        id: crypto.randomUUID(),
        name,
        status: 'not_started',
        created_at: new Date().toISOString(),
        records: [
          { record: 'SPF', name: 'send', type: 'MX', ttl: 'Auto', status: 'not_started', value: 'feedback-smtp.us-east-1.amazonses.com', priority: 10 },
          { record: 'SPF', name: 'send', type: 'TXT', ttl: 'Auto', status: 'not_started', value: '"v=spf1 include:amazonses.com ~all"' },
          { record: 'DKIM', name: 'resend._domainkey', type: 'TXT', ttl: 'Auto', status: 'not_started', value: `p=${dkim}` },
        ],
      };
      domains.set(d.id, d);
      return send(res, 201, view(d));
    }
    const one = /^\/domains\/([^/]+)(\/verify)?$/.exec(url.pathname);
    const d = one && domains.get(decodeURIComponent(one[1]));
    if (!one || !d) return error(res, 404, 'not_found', 'Domain not found');
    if (one[2] && req.method === 'POST') {
      if (d.status === 'not_started') {
        d.status = 'pending';
        d.verifyAt = Date.now();
        for (const r of d.records) r.status = 'pending';
      }
      return send(res, 200, { object: 'domain', id: d.id });
    }
    if (req.method === 'GET') return send(res, 200, view(d));
    if (req.method === 'DELETE') {
      domains.delete(d.id);
      return send(res, 200, { object: 'domain', id: d.id, deleted: true });
    }
    return error(res, 405, 'method_not_allowed', 'Method not allowed');
  }

  const server = jsonServer(handle, (res) => error(res, 400, 'invalid_json', 'Invalid JSON'));
  return listen(server, port, host);
}

module.exports = { startEmailDomainsSandbox };

if (require.main === module) {
  runFromCli('email-domains sandbox', () =>
    startEmailDomainsSandbox({
      port: Number(cliArg('--port') ?? process.env.EMAIL_DOMAINS_SANDBOX_PORT ?? 4141),
      host: cliArg('--host') ?? '127.0.0.1',
      verifyAfterMs: Number(process.env.EMAIL_DOMAINS_SANDBOX_VERIFY_AFTER_MS ?? 3000),
    }),
  );
}
