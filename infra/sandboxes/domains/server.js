#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of the hosting provider's project domains API (Vercel's shapes), for
 * `make up` and tests. Plain Node, no dependencies.
 *
 *   node infra/sandboxes/domains/server.js [--port N] [--host H]
 *
 * Port: --port, else DOMAINS_SANDBOX_PORT, else 4140. Bearer token required (any value).
 *
 *   POST   /v10/projects/:project/domains          {name} → {name, apexName, verified, verification[]}
 *   POST   /v9/projects/:project/domains/:name/verify   → 200 {..., verified: true} or 400 {error}
 *   GET    /v9/projects/:project/domains/:name           → the domain
 *   DELETE /v9/projects/:project/domains/:name           → {}
 *   GET    /healthz
 *
 * Behaviour: a host below DOMAINS_SANDBOX_OWNED_ROOT (default `localhost`, the product's own
 * root) is verified at once, like a subdomain of a domain the project owns. Any other host
 * gets one TXT record at _vercel.{apex} and is verified by the first verify call made
 * DOMAINS_SANDBOX_VERIFY_AFTER_MS (default 3000) after it was added: the DNS "propagates".
 * A host whose first label is `taken` is refused as in use by another account (409).
 */
const { cliArg, jsonServer, listen, runFromCli } = require('../lib/serve');
const crypto = require('node:crypto');

function startDomainsSandbox({ port = 4140, host = '127.0.0.1', ownedRoot = 'localhost', verifyAfterMs = 3000 } = {}) {
  /** project → name → {domain, addedAt} */
  const projects = new Map();
  const domainsOf = (project) => projects.get(project) ?? projects.set(project, new Map()).get(project);
  const send = (res, status, body) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const error = (res, status, code, message) => send(res, status, { error: { code, message } });
  const apexOf = (name) => name.split('.').slice(-2).join('.');

  function handle(req, res, body) {
    const url = new URL(req.url, 'http://sandbox');
    if (url.pathname === '/healthz') return send(res, 200, { ok: true });
    if (!/^Bearer \S+/.test(req.headers.authorization ?? '')) return error(res, 403, 'forbidden', 'Not authorized');
    const add = /^\/v10\/projects\/([^/]+)\/domains$/.exec(url.pathname);
    const one = /^\/v9\/projects\/([^/]+)\/domains\/([^/]+)(\/verify)?$/.exec(url.pathname);
    if (add && req.method === 'POST') {
      const name = String(body?.name ?? '').toLowerCase();
      if (!/^[a-z0-9.-]+\.[a-z0-9-]+$/.test(name)) return error(res, 400, 'invalid_domain', `Invalid domain name "${name}"`);
      if (name.split('.')[0] === 'taken') return error(res, 409, 'domain_already_in_use', 'This domain already exists on another account.');
      const domains = domainsOf(decodeURIComponent(add[1]));
      const owned = name === ownedRoot || name.endsWith(`.${ownedRoot}`);
      const domain = {
        name,
        apexName: apexOf(name),
        projectId: decodeURIComponent(add[1]),
        verified: owned,
        verification: owned ? [] : [{ type: 'TXT', domain: `_vercel.${apexOf(name)}`, value: `vc-domain-verify=${name},${crypto.randomBytes(10).toString('hex')}`, reason: 'pending_domain_verification' }],
        createdAt: Date.now(),
      };
      domains.set(name, domain);
      return send(res, 200, domain);
    }
    if (one) {
      const domains = domainsOf(decodeURIComponent(one[1]));
      const name = decodeURIComponent(one[2]).toLowerCase();
      const domain = domains.get(name);
      if (!domain) return error(res, 404, 'not_found', `The domain "${name}" was not found`);
      if (one[3] && req.method === 'POST') {
        if (!domain.verified && Date.now() - domain.createdAt >= verifyAfterMs) {
          domain.verified = true;
          domain.verification = [];
        }
        if (!domain.verified) return error(res, 400, 'missing_txt_record', `Domain ${name} was added to a different project. Please complete verification to add it to this project instead.`);
        return send(res, 200, domain);
      }
      if (req.method === 'GET') return send(res, 200, domain);
      if (req.method === 'DELETE') {
        domains.delete(name);
        return send(res, 200, {});
      }
    }
    return error(res, 404, 'not_found', 'Not found');
  }

  const server = jsonServer(handle, (res) => error(res, 400, 'bad_request', 'Invalid JSON'));
  return listen(server, port, host);
}

module.exports = { startDomainsSandbox };

if (require.main === module) {
  runFromCli('domains sandbox', () =>
    startDomainsSandbox({
      port: Number(cliArg('--port') ?? process.env.DOMAINS_SANDBOX_PORT ?? 4140),
      host: cliArg('--host') ?? '127.0.0.1',
      ownedRoot: process.env.AGENCY_ROOT_DOMAIN ?? 'localhost',
      verifyAfterMs: Number(process.env.DOMAINS_SANDBOX_VERIFY_AFTER_MS ?? 3000),
    }),
  );
}
