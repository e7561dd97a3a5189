#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of the Meta Graph API v18.0 for WhatsApp Business (Cloud API), for
 * `make up` and tests. Plain Node, no dependencies, no build step.
 *
 *   node infra/sandboxes/meta/server.js [--port N] [--host H]
 *
 * Port: --port, else META_SANDBOX_PORT, else 4120 (0 picks a free one). Prints
 * "meta sandbox listening on http://HOST:PORT" once it accepts connections. Webhooks it
 * delivers are signed with META_APP_SECRET (X-Hub-Signature-256: sha256=HMAC of the raw body).
 *
 * Graph API (https://developers.facebook.com/docs/graph-api, version v18.0; errors are
 * {error: {message, type, code, error_subcode?, error_data?, fbtrace_id}}):
 *   GET  /v18.0/oauth/access_token?grant_type=fb_exchange_token&client_id&client_secret&fb_exchange_token
 *   GET  /v18.0/{waba-id}/phone_numbers                 the account's numbers
 *   POST /v18.0/{waba-id}/subscribed_apps               {override_callback_uri?, verify_token?}: the
 *                                                       callback is verified (hub.challenge) first
 *   DELETE /v18.0/{waba-id}/subscribed_apps
 *   POST /v18.0/{phone-number-id}/register              {messaging_product, pin}
 *   POST /v18.0/{phone-number-id}/messages              text messages (the 24-hour rule applies) and template
 *                                                       messages {type: 'template', template: {name, language: {code}}}
 *                                                       (any time; the template must be APPROVED in the number's WABA)
 *   POST /v18.0/{waba-id}/message_templates             {name, language, category, components}: answered PENDING;
 *                                                       the sandbox's review is instant, the template is APPROVED next
 *   GET  /v18.0/{waba-id}/message_templates             the account's templates with their status
 *   GET  /v18.0/me/accounts                             the user's Facebook pages (two per user token, the
 *                                                       first with an Instagram account), with page tokens
 *   GET|POST|DELETE /v18.0/{page-id}/subscribed_apps    the page's subscription (page token)
 *   POST /v18.0/me/messages                             Send API (page token): Messenger and Instagram, within
 *                                                       24 hours of the person's last message
 *   GET|POST /v18.0/{app-id}/subscriptions              the app's page and instagram webhooks (app token
 *                                                       `{app-id}|{app-secret}`; the callback is verified first)
 * Access tokens: a user token is any `EAA` + 20 or more letters and digits; the long-lived
 * token of an exchange is `EAAL` + the same. Every WhatsApp account (WABA) id of 15 digits
 * exists and holds two numbers ({waba}01 and {waba}02).
 *
 * The sandbox's own routes (what a WhatsApp user does):
 *   GET  /                                              a page to write to a number as a WhatsApp user
 *   POST /sandbox/whatsapp/{phone-number-id}/messages   {from, text}: the user writes; the message is
 *                                                       delivered, signed, to the WABA's callback
 *   GET  /sandbox/whatsapp/{phone-number-id}/chats/{wa-id}   the conversation both ways (a template message
 *                                                       carries `template`: its name)
 *   POST /sandbox/messenger/{page-id}/messages          {from, text}: a person writes to the page on Messenger
 *   POST /sandbox/instagram/{ig-id}/messages            {from, text}: a person writes to its Instagram account
 *   GET  /sandbox/pages/{page-id}/chats/{person-id}     the conversation both ways
 *   GET  /healthz
 * Shapes: infra/sandboxes/README.md.
 */
const http = require('node:http');
const { cliArg, listen, readBody, runFromCli, send } = require('../lib/serve');
const crypto = require('node:crypto');

const VERSION = 'v18.0';
const USER_TOKEN = /^EAA[A-Za-z0-9]{20,}$/;
const WABA_ID = /^\d{15}$/;
const DAY_S = 24 * 60 * 60;
const APP_SECRET = () => process.env.META_APP_SECRET || 'meta-sandbox-app-secret';

/** wabaId -> {callback: {url, verifyToken} | null, numbers: Map(phoneId -> number)} */
const accounts = new Map();
/** phoneId -> wabaId */
const numberOwner = new Map();
/** `${phoneId}:${waId}` -> {lastUserMessageAt, messages: []} */
const chats = new Map();
const templates = [];
/** pageId -> {id, name, token, ig, subscribedFields: [] } ; page token -> pageId */
const pages = new Map();
const pageByToken = new Map();
/** object ('page' | 'instagram') -> {callback_url, verify_token, fields} */
const appSubscriptions = new Map();
/** `${pageId}:${psid}` -> {lastUserMessageAt, messages} */
const pageChats = new Map();

/** The pages a user token manages: two, derived from the token (the first with an Instagram account). */
function pagesOf(userToken) {
  const digits = BigInt(`0x${crypto.createHash('sha256').update(userToken).digest('hex').slice(0, 12)}`).toString().padStart(15, '0').slice(0, 14);
  return [
    { suffix: '1', name: 'Sandbox Bakery', category: 'Bakery', ig: { username: 'sandbox.bakery', name: 'Sandbox Bakery' } },
    { suffix: '2', name: 'Sandbox Books', category: 'Book store', ig: null },
  ].map(({ suffix, name, category, ig }) => {
    const id = `1${digits}${suffix}`;
    if (!pages.has(id)) {
      const token = `EAAP${crypto.createHash('sha256').update(`${userToken}:${id}`).digest('hex').slice(0, 40)}`;
      pages.set(id, { id, name, category, token, ig: ig && { id: `17841${digits.slice(0, 10)}${suffix}`, ...ig }, subscribedFields: [] });
      pageByToken.set(token, id);
    }
    return pages.get(id);
  });
}

const picture = (id) => ({ data: { url: `https://sandbox.invalid/pictures/${id}.png`, is_silhouette: false, height: 50, width: 50 } });

const now = () => Math.floor(Date.now() / 1000);
const fbtrace = () => crypto.randomBytes(8).toString('base64url');
const graphError = (status, message, code, extra = {}) => ({ status, body: { error: { message, type: 'OAuthException', code, ...extra, fbtrace_id: fbtrace() } } });
const invalidToken = () => graphError(400, 'Invalid OAuth access token - Cannot parse access token', 190);
const unknownObject = (id) =>
  graphError(400, `Unsupported post request. Object with ID '${id}' does not exist, cannot be loaded due to missing permissions, or does not support this operation.`, 100, { error_subcode: 33 });

function account(wabaId) {
  if (!WABA_ID.test(wabaId)) return undefined;
  if (!accounts.has(wabaId)) {
    const numbers = new Map();
    for (const suffix of ['01', '02']) {
      const id = `${wabaId}${suffix}`;
      numbers.set(id, { id, display_phone_number: `+1 555-01${suffix}-${wabaId.slice(-4)}`, verified_name: `Sandbox Business ${suffix}`, quality_rating: 'GREEN', code_verification_status: 'VERIFIED', platform_type: 'NOT_APPLICABLE', status: 'PENDING' });
      numberOwner.set(id, wabaId);
    }
    accounts.set(wabaId, { callback: null, numbers });
  }
  return accounts.get(wabaId);
}

const tokenOf = (req, url, params) => {
  const header = String(req.headers.authorization ?? '');
  return header.startsWith('Bearer ') ? header.slice(7) : params.access_token ?? url.searchParams.get('access_token') ?? '';
};
const validToken = (token) => USER_TOKEN.test(token);

/** Meta verifies a callback before using it: GET with hub.mode, hub.verify_token and hub.challenge, expecting the challenge back. */
async function verifyCallback(url, verifyToken) {
  const challenge = String(crypto.randomInt(1e9));
  const target = new URL(url);
  target.searchParams.set('hub.mode', 'subscribe');
  target.searchParams.set('hub.verify_token', verifyToken);
  target.searchParams.set('hub.challenge', challenge);
  try {
    const response = await fetch(target, { signal: AbortSignal.timeout(10_000) });
    return response.status === 200 && (await response.text()).trim() === challenge;
  } catch {
    return false;
  }
}

async function deliver(wabaId, value, field = 'messages') {
  const callback = accounts.get(wabaId)?.callback;
  if (!callback) return null;
  const body = JSON.stringify({ object: 'whatsapp_business_account', entry: [{ id: wabaId, changes: [{ value, field }] }] });
  const signature = `sha256=${crypto.createHmac('sha256', APP_SECRET()).update(body).digest('hex')}`;
  try {
    const response = await fetch(callback.url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body, signal: AbortSignal.timeout(20_000) });
    return { status: response.status, body: (await response.text()).slice(0, 2000) };
  } catch (err) {
    return { status: 0, error: err.cause?.code ?? err.message };
  }
}

const metadataOf = (number) => ({ display_phone_number: number.display_phone_number.replace(/\D/g, ''), phone_number_id: number.id });

async function graph(req, url, params) {
  const parts = url.pathname.split('/').filter(Boolean);
  if (parts[0] !== VERSION) return graphError(400, `Unknown path components: /${parts[0] ?? ''}`, 2500);
  const [, node, edge] = parts;
  const token = tokenOf(req, url, params);

  if (node === 'oauth' && edge === 'access_token') {
    if (params.grant_type !== 'fb_exchange_token') return graphError(400, 'Missing grant_type parameter', 100);
    if (!params.client_id || !params.client_secret) return graphError(400, 'Missing client_id parameter.', 101);
    if (!validToken(params.fb_exchange_token ?? '')) return invalidToken();
    return { status: 200, body: { access_token: `EAAL${params.fb_exchange_token.slice(3)}`, token_type: 'bearer', expires_in: 5183944 } };
  }
  const appToken = `${process.env.META_APP_ID || 'sandbox-app'}|${APP_SECRET()}`;
  if (!validToken(token) && token !== appToken) return graphError(400, 'An access token is required to request this resource.', 104);

  if (node === 'me' && edge === 'accounts' && req.method === 'GET') {
    if (pageByToken.has(token)) return graphError(400, '(#100) Tried accessing nonexisting field (accounts) on node type (Page)', 100);
    const data = pagesOf(token).map((page) => ({
      id: page.id,
      name: page.name,
      category: page.category,
      access_token: page.token,
      tasks: ['ADVERTISE', 'ANALYZE', 'CREATE_CONTENT', 'MESSAGING', 'MODERATE', 'MANAGE'],
      picture: picture(page.id),
      ...(page.ig ? { instagram_business_account: { id: page.ig.id, username: page.ig.username, name: page.ig.name, profile_picture_url: `https://sandbox.invalid/pictures/${page.ig.id}.png` } } : {}),
    }));
    return { status: 200, body: { data, paging: { cursors: { before: 'QVFIU', after: 'QVFIU' } } } };
  }
  if (edge === 'subscriptions' && pages.get(node) === undefined && node === (process.env.META_APP_ID || 'sandbox-app')) {
    // App subscriptions take the app token `{app-id}|{app-secret}`.
    if (token !== `${node}|${APP_SECRET()}`) return graphError(400, 'Invalid OAuth access token signature.', 190);
    if (req.method === 'POST') {
      if (!['page', 'instagram'].includes(params.object)) return graphError(400, '(#100) Param object must be one of {page, instagram, whatsapp_business_account}', 100);
      if (!(await verifyCallback(String(params.callback_url ?? ''), String(params.verify_token ?? '')))) {
        return graphError(400, 'Callback verification failed with the following errors: HTTP Status Code = 403', 2200);
      }
      appSubscriptions.set(params.object, { callback_url: params.callback_url, verify_token: params.verify_token, fields: String(params.fields ?? 'messages').split(',') });
      return { status: 200, body: { success: true } };
    }
    return { status: 200, body: { data: [...appSubscriptions.entries()].map(([object, sub]) => ({ object, callback_url: sub.callback_url, active: true, fields: sub.fields.map((name) => ({ name, version: VERSION })) })) } };
  }
  const pageNode = node === 'me' ? pageByToken.get(token) : node;
  if (pages.has(pageNode) && (edge === 'subscribed_apps' || edge === 'messages')) {
    const page = pages.get(pageNode);
    if (page.token !== token) return graphError(400, '(#190) This method must be called with a Page Access Token', 190);
    if (edge === 'subscribed_apps') {
      if (req.method === 'POST') {
        page.subscribedFields = String(params.subscribed_fields ?? '').split(',').filter(Boolean);
        if (!page.subscribedFields.length) return graphError(400, '(#100) The parameter subscribed_fields is required', 100);
        return { status: 200, body: { success: true } };
      }
      if (req.method === 'DELETE') {
        page.subscribedFields = [];
        return { status: 200, body: { success: true } };
      }
      return { status: 200, body: { data: page.subscribedFields.length ? [{ category: 'Business', link: 'https://sandbox.invalid/app', name: 'Sandbox app', id: process.env.META_APP_ID || 'sandbox-app', subscribed_fields: page.subscribedFields }] : [] } };
    }
    const recipient = String(params.recipient?.id ?? '');
    const text = params.message?.text;
    if (!recipient || typeof text !== 'string' || !text) return graphError(400, '(#100) param recipient and message[text] must be non-empty.', 100);
    const chat = pageChats.get(`${page.id}:${recipient}`);
    // The standard messaging window: 24 hours after the person's last message.
    if (!chat || now() - chat.lastUserMessageAt > DAY_S) return graphError(400, '(#10) This message is sent outside of allowed window.', 10, { error_subcode: 2018278 });
    const mid = `m_${crypto.randomBytes(18).toString('base64url')}`;
    chat.messages.push({ from: 'page', text, mid, timestamp: Date.now() });
    return { status: 200, body: { recipient_id: recipient, message_id: mid } };
  }
  if (edge === 'phone_numbers' && req.method === 'GET') {
    const found = account(node);
    if (!found) return unknownObject(node);
    return { status: 200, body: { data: [...found.numbers.values()], paging: { cursors: { before: 'QVFIU', after: 'QVFIU' } } } };
  }
  if (edge === 'subscribed_apps') {
    const found = account(node);
    if (!found) return unknownObject(node);
    if (req.method === 'DELETE') {
      found.callback = null;
      return { status: 200, body: { success: true } };
    }
    if (req.method === 'POST') {
      if (params.override_callback_uri) {
        if (!(await verifyCallback(params.override_callback_uri, String(params.verify_token ?? '')))) {
          return graphError(400, 'Callback verification failed with the following errors: HTTP Status Code = 403', 2200);
        }
        found.callback = { url: params.override_callback_uri, verifyToken: params.verify_token };
      }
      return { status: 200, body: { success: true } };
    }
    return { status: 200, body: { data: found.callback ? [{ whatsapp_business_api_data: { name: 'Sandbox app', id: '1234567890' }, override_callback_uri: found.callback.url }] : [] } };
  }
  if (edge === 'register' && req.method === 'POST') {
    const wabaId = numberOwner.get(node);
    if (!wabaId) return unknownObject(node);
    if (params.messaging_product !== 'whatsapp') return graphError(400, '(#100) The parameter messaging_product is required.', 100);
    if (!/^\d{6}$/.test(String(params.pin ?? ''))) return graphError(400, '(#100) Param pin must be 6 digits', 100);
    accounts.get(wabaId).numbers.get(node).status = 'CONNECTED';
    return { status: 200, body: { success: true } };
  }
  if (edge === 'messages' && req.method === 'POST') {
    const wabaId = numberOwner.get(node);
    if (!wabaId) return unknownObject(node);
    if (params.messaging_product !== 'whatsapp') return graphError(400, '(#100) The parameter messaging_product is required.', 100);
    const to = String(params.to ?? '').replace(/\D/g, '');
    if (!to) return graphError(400, '(#100) The parameter to is required.', 100);
    if (params.type === 'template') return sendTemplate(node, wabaId, params, to);
    if (params.type !== 'text' || !params.text?.body) return graphError(400, '(#100) The parameter text[\'body\'] is required.', 100);
    const chat = chats.get(`${node}:${to}`);
    // The 24-hour rule: free-form messages only within 24 hours of the customer's last message.
    if (!chat || now() - chat.lastUserMessageAt > DAY_S) {
      return graphError(400, '(#131047) Re-engagement message', 131047, {
        error_data: { messaging_product: 'whatsapp', details: 'Message failed to send because more than 24 hours have passed since the customer last replied to this number.' },
      });
    }
    const id = `wamid.${crypto.randomBytes(18).toString('base64url')}`;
    chat.messages.push({ from: 'business', text: params.text.body, id, timestamp: now() });
    return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: params.to, wa_id: to }], messages: [{ id }] } };
  }
  if (edge === 'message_templates' && req.method === 'POST') {
    if (!account(node)) return unknownObject(node);
    if (!/^[a-z0-9_]{1,512}$/.test(String(params.name ?? ''))) return graphError(400, 'Invalid parameter', 100, { error_user_msg: 'Template name can only contain lowercase letters, numbers and underscores.' });
    if (!['UTILITY', 'MARKETING', 'AUTHENTICATION'].includes(params.category)) return graphError(400, 'Invalid parameter', 100, { error_user_msg: 'Invalid category.' });
    if (!params.language || !Array.isArray(params.components) || !params.components.some((c) => c.type === 'BODY' && c.text)) {
      return graphError(400, 'Invalid parameter', 100, { error_user_msg: 'A template needs a language and a BODY component with text.' });
    }
    if (templates.some((t) => t.wabaId === node && t.name === params.name && t.language === params.language)) {
      return graphError(400, 'Invalid parameter', 100, { error_subcode: 2388024, error_user_msg: `Message template "${params.name}" already exists in ${params.language}.` });
    }
    const id = `${crypto.randomInt(100000, 999999)}${crypto.randomInt(100000000, 999999999)}`;
    // Meta answers PENDING and reviews it; the sandbox's review is instant.
    templates.push({ id, wabaId: node, name: params.name, language: params.language, category: params.category, components: params.components, status: 'APPROVED' });
    return { status: 200, body: { id, status: 'PENDING', category: params.category } };
  }
  if (edge === 'message_templates' && req.method === 'GET') {
    if (!account(node)) return unknownObject(node);
    const data = templates.filter((t) => t.wabaId === node).map(({ id, name, language, category, components, status }) => ({ id, name, language, category, components, status }));
    return { status: 200, body: { data, paging: { cursors: { before: 'QVFIU', after: 'QVFIU' } } } };
  }
  return graphError(400, `Unsupported ${req.method.toLowerCase()} request.`, 100);
}

/** A template message: no 24-hour window, but the template must exist, approved, in the number's account. */
function sendTemplate(phoneId, wabaId, params, to) {
  const name = String(params.template?.name ?? '');
  const code = String(params.template?.language?.code ?? '');
  if (!name || !code) return graphError(400, "(#100) The parameter template['name'] and template['language']['code'] are required.", 100);
  const template = templates.find((t) => t.wabaId === wabaId && t.name === name && t.language === code);
  if (!template) return graphError(404, '(#132001) Template name does not exist in the translation', 132001, { error_data: { messaging_product: 'whatsapp', details: `template name (${name}) does not exist in ${code}` } });
  if (template.status !== 'APPROVED') return graphError(400, '(#132015) Template is paused', 132015);
  const key = `${phoneId}:${to}`;
  if (!chats.has(key)) chats.set(key, { lastUserMessageAt: 0, messages: [] });
  const id = `wamid.${crypto.randomBytes(18).toString('base64url')}`;
  const body = template.components.find((c) => c.type === 'BODY')?.text ?? '';
  chats.get(key).messages.push({ from: 'business', text: body, template: name, id, timestamp: now() });
  return { status: 200, body: { messaging_product: 'whatsapp', contacts: [{ input: params.to, wa_id: to }], messages: [{ id, message_status: 'accepted' }] } };
}

async function userWrites(phoneId, { from, text }) {
  const wabaId = numberOwner.get(phoneId);
  const number = wabaId && accounts.get(wabaId).numbers.get(phoneId);
  if (!number) return { status: 404, body: { ok: false, description: 'No such number' } };
  const waId = String(from).replace(/\D/g, '');
  const key = `${phoneId}:${waId}`;
  if (!chats.has(key)) chats.set(key, { lastUserMessageAt: 0, messages: [] });
  const chat = chats.get(key);
  const id = `wamid.${crypto.randomBytes(18).toString('base64url')}`;
  const timestamp = now();
  chat.lastUserMessageAt = timestamp;
  chat.messages.push({ from: 'user', text, id, timestamp });
  const value = {
    messaging_product: 'whatsapp',
    metadata: metadataOf(number),
    contacts: [{ profile: { name: 'Sandbox user' }, wa_id: waId }],
    messages: [{ from: waId, id, timestamp: String(timestamp), text: { body: text }, type: 'text' }],
  };
  return { status: 200, body: { ok: true, message: value.messages[0], delivery: await deliver(wabaId, value) } };
}

/** A person writes to a page on Messenger (or to its Instagram account): delivered, signed, to the app's subscription. */
async function personWritesToPage(kind, id, { from, text }) {
  const page = kind === 'messenger' ? pages.get(id) : [...pages.values()].find((p) => p.ig?.id === id);
  if (!page) return { status: 404, body: { ok: false, description: 'No such page' } };
  const key = `${page.id}:${from}`;
  if (!pageChats.has(key)) pageChats.set(key, { lastUserMessageAt: 0, messages: [] });
  const chat = pageChats.get(key);
  chat.lastUserMessageAt = now();
  const mid = `m_${crypto.randomBytes(18).toString('base64url')}`;
  chat.messages.push({ from: 'person', text, mid, timestamp: Date.now() });
  const object = kind === 'messenger' ? 'page' : 'instagram';
  const recipientId = kind === 'messenger' ? page.id : page.ig.id;
  const subscription = appSubscriptions.get(object);
  if (!subscription || !page.subscribedFields.includes('messages')) return { status: 200, body: { ok: true, mid, delivery: null } };
  const body = JSON.stringify({ object, entry: [{ id: recipientId, time: Date.now(), messaging: [{ sender: { id: String(from) }, recipient: { id: recipientId }, timestamp: Date.now(), message: { mid, text } }] }] });
  const signature = `sha256=${crypto.createHmac('sha256', APP_SECRET()).update(body).digest('hex')}`;
  let delivery;
  try {
    const response = await fetch(subscription.callback_url, { method: 'POST', headers: { 'content-type': 'application/json', 'x-hub-signature-256': signature }, body, signal: AbortSignal.timeout(20_000) });
    delivery = { status: response.status, body: (await response.text()).slice(0, 2000) };
  } catch (err) {
    delivery = { status: 0, error: err.cause?.code ?? err.message };
  }
  return { status: 200, body: { ok: true, mid, delivery } };
}

// ---- HTTP ----------------------------------------------------------------------------------

async function handle(req, res) {
  const url = new URL(req.url, 'http://sandbox');
  const raw = await readBody(req);
  if (url.pathname === '/healthz') return send(res, 200, { ok: true });
  if (url.pathname === '/' && req.method === 'GET') return send(res, 200, PAGE, 'text/html');
  let params = Object.fromEntries(url.searchParams);
  if (raw) {
    try {
      const type = String(req.headers['content-type'] ?? '');
      params = { ...params, ...(type.includes('json') ? JSON.parse(raw) : Object.fromEntries(new URLSearchParams(raw))) };
    } catch {
      return send(res, 400, { error: { message: 'Invalid JSON', type: 'OAuthException', code: 100 } });
    }
  }
  const write = /^\/sandbox\/whatsapp\/(\d+)\/messages$/.exec(url.pathname);
  if (write && req.method === 'POST') {
    if (!params.from || !params.text) return send(res, 400, { ok: false, description: 'from and text are required' });
    const answer = await userWrites(write[1], params);
    return send(res, answer.status, answer.body);
  }
  const pageWrite = /^\/sandbox\/(messenger|instagram)\/(\d+)\/messages$/.exec(url.pathname);
  if (pageWrite && req.method === 'POST') {
    if (!params.from || !params.text) return send(res, 400, { ok: false, description: 'from and text are required' });
    const answer = await personWritesToPage(pageWrite[1], pageWrite[2], params);
    return send(res, answer.status, answer.body);
  }
  const pageChat = /^\/sandbox\/pages\/(\d+)\/chats\/(\d+)$/.exec(url.pathname);
  if (pageChat && req.method === 'GET') return send(res, 200, { ok: true, messages: pageChats.get(`${pageChat[1]}:${pageChat[2]}`)?.messages ?? [] });
  const chat = /^\/sandbox\/whatsapp\/(\d+)\/chats\/(\d+)$/.exec(url.pathname);
  if (chat && req.method === 'GET') return send(res, 200, { ok: true, messages: chats.get(`${chat[1]}:${chat[2]}`)?.messages ?? [] });
  if (url.pathname === '/sandbox/whatsapp/numbers' && req.method === 'GET') {
    return send(res, 200, [...accounts.entries()].flatMap(([wabaId, a]) => [...a.numbers.values()].map((n) => ({ wabaId, ...n, callback: a.callback?.url ?? '' }))));
  }
  const answer = await graph(req, url, params);
  return send(res, answer.status, answer.body);
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>WhatsApp sandbox</title>
<style>body{font:15px system-ui;margin:2rem;max-width:42rem}label{display:block;margin:.5rem 0}#log{border:1px solid #ccc;border-radius:8px;padding:1rem;min-height:12rem;background:#ece5dd}
.user{text-align:right}.user span{background:#dcf8c6}.business span{background:#fff}.m span{display:inline-block;padding:.3rem .6rem;border-radius:8px;margin:.15rem 0}</style></head>
<body><h1>WhatsApp sandbox</h1><p>Write to a business number as a WhatsApp user: the message is delivered, signed, to the number's webhook; the business's answers appear below.</p>
<label>Number <select id="num"></select></label><label>You (phone) <input id="from" value="+15550001111"></label>
<div id="log" data-testid="transcript"></div>
<form id="f"><input id="text" placeholder="Message" style="width:75%" autocomplete="off"> <button>Send</button></form><p id="status"></p>
<script>
const $=(id)=>document.getElementById(id);const digits=(s)=>s.replace(/\\D/g,'');
async function nums(){const list=await (await fetch('/sandbox/whatsapp/numbers')).json();const c=$('num').value;$('num').innerHTML=list.filter(n=>n.callback).map(n=>'<option value="'+n.id+'">'+n.display_phone_number+' ('+n.verified_name+')</option>').join('');if(c)$('num').value=c;}
async function refresh(){if(!$('num').value)return;const {messages}=await (await fetch('/sandbox/whatsapp/'+$('num').value+'/chats/'+digits($('from').value))).json();
$('log').innerHTML=messages.map(m=>'<div class="m '+m.from+'"><span></span></div>').join('');[...$('log').querySelectorAll('span')].forEach((s,i)=>s.textContent=messages[i].text);}
$('f').onsubmit=async(e)=>{e.preventDefault();const text=$('text').value.trim();if(!text)return;$('text').value='';
const a=await (await fetch('/sandbox/whatsapp/'+$('num').value+'/messages',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({from:$('from').value,text})})).json();
$('status').textContent=a.delivery?('Webhook answered '+(a.delivery.status||a.delivery.error)):(a.description||'No webhook for this number');refresh();};
nums().then(refresh);setInterval(()=>{nums();refresh();},1500);
</script></body></html>`;

function main() {
  const port = Number(cliArg('--port') ?? process.env.META_SANDBOX_PORT ?? 4120);
  const host = cliArg('--host') ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { error: { message: err.message, type: 'OAuthException', code: 1 } }));
  });
  runFromCli('meta sandbox', () => listen(server, port, host));
}

if (require.main === module) main();
