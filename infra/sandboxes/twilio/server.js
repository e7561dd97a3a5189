#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of Twilio's REST API (2010-04-01) for phone numbers, for `make up` and tests.
 * Plain Node, no dependencies.
 *
 *   node infra/sandboxes/twilio/server.js [--port N] [--host H] [--account SID:TOKEN]
 *
 * Port: --port, else TWILIO_SANDBOX_PORT, else 4180. The platform's account: --account, else
 * TWILIO_ACCOUNT_SID and TWILIO_AUTH_TOKEN. HTTP Basic auth (AccountSid:AuthToken) on every
 * /2010-04-01 call; a wrong one answers 401 {code: 20003, message, more_info, status}.
 *
 * Twilio's API (form-encoded bodies, JSON answers, Twilio's field names):
 *   GET    /2010-04-01/Accounts/{Sid}/AvailablePhoneNumbers/{Country}/Local.json   AreaCode, Contains, PageSize
 *   POST   /2010-04-01/Accounts/{Sid}/IncomingPhoneNumbers.json                    PhoneNumber (or AreaCode), FriendlyName, VoiceUrl
 *   GET    /2010-04-01/Accounts/{Sid}/IncomingPhoneNumbers.json                    PhoneNumber filter
 *   GET    /2010-04-01/Accounts/{Sid}/IncomingPhoneNumbers/{PN...}.json
 *   POST   /2010-04-01/Accounts/{Sid}/IncomingPhoneNumbers/{PN...}.json            VoiceUrl, VoiceMethod, FriendlyName
 *   DELETE /2010-04-01/Accounts/{Sid}/IncomingPhoneNumbers/{PN...}.json            204 (released)
 *
 * The sandbox's own people (not Twilio's API):
 *   GET  /                              a page to call a number and read the TwiML it answered
 *   POST /sandbox/accounts              {} → {sid, authToken, phoneNumber}: another Twilio account (a
 *                                       customer's own) that owns one number, to import
 *   POST /sandbox/calls                 {to, from?} → {call, status, twiml}: an inbound call to a number:
 *                                       its VoiceUrl gets Twilio's form (CallSid, From, To, ...) signed with
 *                                       X-Twilio-Signature (base64 HMAC-SHA1 of URL + sorted params, the
 *                                       account's auth token)
 *   GET  /sandbox/calls                 every call placed, newest first
 *   GET  /healthz
 */
const crypto = require('node:crypto');
const http = require('node:http');
const { cliArg, listen, readBody, runFromCli, send } = require('../lib/serve');

const API = '/2010-04-01';
const COUNTRIES = {
  US: { prefix: '+1', areaCodes: ['415', '212', '312', '646', '737'], region: 'CA' },
  CA: { prefix: '+1', areaCodes: ['604', '416', '514'], region: 'BC' },
  GB: { prefix: '+44', areaCodes: ['20', '161', '131'], region: 'GB' },
};

const hex = (bytes) => crypto.randomBytes(bytes).toString('hex');
const rfc2822 = (date) => date.toUTCString().replace('GMT', '+0000');

/** Twilio's signature: base64(HMAC-SHA1(authToken, url + each param name and value, names sorted)). */
function twilioSignature(authToken, url, params) {
  const data = Object.keys(params)
    .sort()
    .reduce((acc, key) => acc + key + params[key], url);
  return crypto.createHmac('sha1', authToken).update(Buffer.from(data, 'utf8')).digest('base64');
}

/** Candidate numbers of a country and area code: +1 AAA 555 01NN style, deterministic. */
function candidates(country, areaCode) {
  const spec = COUNTRIES[country];
  const codes = areaCode ? [areaCode] : spec.areaCodes;
  const found = [];
  for (const code of codes) {
    for (let n = 100; n < 160; n += 1) found.push({ code, number: spec.prefix === '+1' ? `+1${code}555${String(n).padStart(4, '0')}` : `${spec.prefix}${code}7946${String(n).padStart(4, '0')}` });
  }
  return found;
}

const friendly = (e164) => (e164.startsWith('+1') && e164.length === 12 ? `(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}` : e164);
const countryOf = (e164) => (e164.startsWith('+44') ? 'GB' : 'US');

function startTwilioSandbox({ port = 4180, host = '127.0.0.1', accounts: initial = [] } = {}) {
  /** sid → {sid, authToken, friendlyName} */
  const accounts = new Map();
  /** PN sid → incoming phone number resource (with account_sid) */
  const numbers = new Map();
  const calls = [];
  const addAccount = (sid, authToken) => accounts.set(sid, { sid, authToken, friendlyName: `Sandbox account ${sid.slice(-6)}` }).get(sid);
  for (const { sid, authToken } of initial) addAccount(sid, authToken);

  const owned = (e164) => [...numbers.values()].find((n) => n.phone_number === e164);
  const error = (res, status, code, message) => send(res, status, { code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status });

  function buy(account, e164, { friendlyName, voiceUrl } = {}) {
    const sid = `PN${hex(16)}`;
    const now = rfc2822(new Date());
    const number = {
      sid,
      account_sid: account.sid,
      friendly_name: friendlyName || friendly(e164),
      phone_number: e164,
      voice_url: voiceUrl || '',
      voice_method: 'POST',
      voice_fallback_url: null,
      status_callback: '',
      sms_url: '',
      date_created: now,
      date_updated: now,
      capabilities: { voice: true, sms: true, mms: e164.startsWith('+1'), fax: false },
      origin: 'twilio',
      status: 'in-use',
      api_version: '2010-04-01',
      beta: false,
      uri: `${API}/Accounts/${account.sid}/IncomingPhoneNumbers/${sid}.json`,
    };
    numbers.set(sid, number);
    return number;
  }

  function available(country, query) {
    const spec = COUNTRIES[country];
    const areaCode = query.get('AreaCode') ?? '';
    const contains = (query.get('Contains') ?? '').replace(/[^0-9]/g, '');
    const size = Math.min(Math.max(Number(query.get('PageSize') ?? 20) || 20, 1), 50);
    return candidates(country, areaCode)
      .filter(({ number }) => !owned(number) && (!contains || number.slice(1).includes(contains)))
      .slice(0, size)
      .map(({ code, number }) => ({
        friendly_name: friendly(number),
        phone_number: number,
        lata: null,
        locality: 'Sandbox City',
        rate_center: 'SANDBOX',
        latitude: null,
        longitude: null,
        region: spec.region,
        postal_code: null,
        iso_country: country,
        address_requirements: 'none',
        beta: false,
        capabilities: { voice: true, SMS: true, MMS: number.startsWith('+1'), fax: false },
        area_code: code,
      }));
  }

  /** Twilio's account API: Basic auth, then the resource. */
  function api(req, res, url, form, segments) {
    const account = accounts.get(segments[0]);
    const [user, pass] = Buffer.from((req.headers.authorization ?? '').replace(/^Basic /, ''), 'base64').toString('utf8').split(':');
    const digest = (value) => crypto.createHash('sha256').update(String(value ?? '')).digest();
    if (!account || user !== account.sid || !crypto.timingSafeEqual(digest(pass), digest(account.authToken))) {
      res.setHeader('www-authenticate', 'Basic realm="Twilio API"');
      return error(res, 401, 20003, 'Authenticate');
    }
    const rest = segments.slice(1).join('/');
    if (rest === '' || rest === '.json') return send(res, 200, { sid: account.sid, friendly_name: account.friendlyName, status: 'active', type: 'Full' });
    const search = /^AvailablePhoneNumbers\/([A-Z]{2})\/Local\.json$/.exec(rest);
    if (search && req.method === 'GET') {
      if (!COUNTRIES[search[1]]) return error(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
      return send(res, 200, { uri: url.pathname + url.search, available_phone_numbers: available(search[1], url.searchParams) });
    }
    if (rest === 'IncomingPhoneNumbers.json' && req.method === 'POST') {
      let e164 = form.get('PhoneNumber') ?? '';
      if (!e164 && form.get('AreaCode')) e164 = available('US', new URLSearchParams({ AreaCode: form.get('AreaCode') }))[0]?.phone_number ?? '';
      if (!e164) return error(res, 400, 21421, 'PhoneNumber or AreaCode is required.');
      if (!/^\+[1-9]\d{6,14}$/.test(e164)) return error(res, 400, 21421, `PhoneNumber is invalid: ${e164}`);
      // The sandbox's inventory: +1 AAA 555 NNNN and +44 AA(A) 7946 NNNN numbers nobody owns.
      if (owned(e164) || !/^(\+1\d{3}555\d{4}|\+44\d{2,3}7946\d{4})$/.test(e164)) {
        return error(res, 400, 21422, 'PhoneNumber requested is not available');
      }
      return send(res, 201, buy(account, e164, { friendlyName: form.get('FriendlyName'), voiceUrl: form.get('VoiceUrl') }));
    }
    if (rest === 'IncomingPhoneNumbers.json' && req.method === 'GET') {
      const filter = url.searchParams.get('PhoneNumber');
      const list = [...numbers.values()].filter((n) => n.account_sid === account.sid && (!filter || n.phone_number === filter));
      const uri = url.pathname + url.search;
      return send(res, 200, { incoming_phone_numbers: list, page: 0, page_size: 50, start: 0, end: Math.max(list.length - 1, 0), uri, first_page_uri: uri, next_page_uri: null, previous_page_uri: null });
    }
    const one = /^IncomingPhoneNumbers\/(PN[0-9a-f]{32})\.json$/.exec(rest);
    const number = one && numbers.get(one[1]);
    if (!number || number.account_sid !== account.sid) return error(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
    if (req.method === 'GET') return send(res, 200, number);
    if (req.method === 'POST') {
      const voiceUrl = form.get('VoiceUrl');
      if (voiceUrl !== null && voiceUrl !== '' && !/^https?:\/\//.test(voiceUrl)) return error(res, 400, 21502, `VoiceUrl is not valid: ${voiceUrl}`);
      if (voiceUrl !== null) number.voice_url = voiceUrl;
      if (form.get('VoiceMethod')) number.voice_method = form.get('VoiceMethod');
      if (form.get('FriendlyName')) number.friendly_name = form.get('FriendlyName');
      number.date_updated = rfc2822(new Date());
      return send(res, 200, number);
    }
    if (req.method === 'DELETE') {
      numbers.delete(number.sid);
      res.writeHead(204).end();
      return undefined;
    }
    return error(res, 405, 20004, 'Method not allowed');
  }

  /** An inbound call: Twilio asks the number's VoiceUrl what to do, signed with the account's token. */
  async function placeCall(to, from) {
    const number = owned(to);
    const call = { sid: `CA${hex(16)}`, to, from, at: new Date().toISOString(), status: 'failed', twiml: '', httpStatus: null };
    calls.unshift(call);
    if (!number) return { ...call, error: 'The number you have dialled is not in service.' };
    if (!number.voice_url) return { ...call, error: 'The number has no VoiceUrl: Twilio plays its default message.' };
    const account = accounts.get(number.account_sid);
    const params = { AccountSid: account.sid, ApiVersion: '2010-04-01', CallSid: call.sid, CallStatus: 'ringing', Called: to, Caller: from, Direction: 'inbound', From: from, To: to, FromCountry: countryOf(from), ToCountry: countryOf(to) };
    try {
      const answer = await fetch(number.voice_url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-twilio-signature': twilioSignature(account.authToken, number.voice_url, params), 'i-twilio-idempotency-token': crypto.randomUUID() },
        body: new URLSearchParams(params).toString(),
        signal: AbortSignal.timeout(15_000),
      });
      call.httpStatus = answer.status;
      call.twiml = await answer.text();
      call.status = answer.ok && /<Response[\s>]/.test(call.twiml) ? 'completed' : 'failed';
    } catch (err) {
      call.error = `The VoiceUrl did not answer: ${err.message}`;
    }
    return call;
  }

  async function handle(req, res) {
    const url = new URL(req.url, 'http://sandbox');
    const text = await readBody(req);
    const form = new URLSearchParams(req.headers['content-type']?.includes('json') ? '' : text);
    if (url.pathname === '/healthz') return send(res, 200, { ok: true });
    if (url.pathname === '/' && req.method === 'GET') return send(res, 200, PAGE, 'text/html');
    if (url.pathname === '/sandbox/accounts' && req.method === 'POST') {
      const account = addAccount(`AC${hex(16)}`, hex(16));
      // a number outside the sandbox's inventory, random so that imports survive a sandbox restart
      let e164;
      do e164 = `+1737${String(crypto.randomInt(2_000_000, 10_000_000))}`;
      while (owned(e164));
      const number = buy(account, e164, {});
      return send(res, 201, { sid: account.sid, authToken: account.authToken, phoneNumber: number.phone_number, numberSid: number.sid });
    }
    if (url.pathname === '/sandbox/calls' && req.method === 'GET') return send(res, 200, calls.slice(0, 50));
    if (url.pathname === '/sandbox/calls' && req.method === 'POST') {
      let body = {};
      try {
        body = text ? JSON.parse(text) : {};
      } catch {
        return send(res, 400, { error: 'Invalid JSON' });
      }
      if (!body.to) return send(res, 400, { error: 'to is required' });
      return send(res, 200, await placeCall(String(body.to).replace(/[^+\d]/g, ''), String(body.from ?? '+15005550006')));
    }
    const match = new RegExp(`^${API}/Accounts/(.+)$`).exec(url.pathname);
    if (match) return api(req, res, url, form, match[1].split('/'));
    return error(res, 404, 20404, `The requested resource ${url.pathname} was not found`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { code: 20500, message: err.message, status: 500 }));
  });
  return listen(server, port, host).then((running) => ({ ...running, twilioSignature }));
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Twilio sandbox: call a number</title>
<style>body{font-family:system-ui,sans-serif;max-width:720px;margin:2rem auto;padding:0 1rem}input,button{font-size:1rem;padding:.4rem}pre{background:#f4f4f4;padding:1rem;white-space:pre-wrap}</style></head>
<body><h1>Twilio sandbox</h1><p>Call one of the platform's numbers as a caller would: Twilio asks the number's VoiceUrl, signed, and plays the TwiML it answers.</p>
<form id="call"><label>Number to call <input name="to" placeholder="+14155550100" required></label> <label>From <input name="from" value="+15005550006"></label> <button type="submit">Call</button></form>
<h2>What the caller hears</h2><pre id="result" data-testid="call-result">No call yet.</pre>
<script>
document.getElementById('call').addEventListener('submit', async (event) => {
  event.preventDefault();
  const data = Object.fromEntries(new FormData(event.target));
  const out = document.getElementById('result');
  out.textContent = 'Calling…';
  const call = await (await fetch('/sandbox/calls', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(data) })).json();
  out.textContent = 'Call ' + call.sid + ': ' + call.status + (call.error ? ' (' + call.error + ')' : '') + '\\n\\n' + (call.twiml || '');
});
</script></body></html>`;

module.exports = { startTwilioSandbox, twilioSignature };

if (require.main === module) {
  const pair = cliArg('--account') ?? `${process.env.TWILIO_ACCOUNT_SID ?? ''}:${process.env.TWILIO_AUTH_TOKEN ?? ''}`;
  const [sid, authToken] = pair.split(':');
  runFromCli('twilio sandbox', () =>
    startTwilioSandbox({
      port: Number(cliArg('--port') ?? process.env.TWILIO_SANDBOX_PORT ?? 4180),
      host: cliArg('--host') ?? '127.0.0.1',
      accounts: sid && authToken ? [{ sid, authToken }] : [],
    }),
  );
}
