#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of the Telegram Bot API (https://core.telegram.org/bots/api) for `make up`
 * and tests. Plain Node, no dependencies, no build step.
 *
 *   node infra/sandboxes/telegram/server.js [--port N] [--host H]
 *
 * Port: --port, else TELEGRAM_SANDBOX_PORT, else 4110 (0 picks a free one). Prints
 * "telegram sandbox listening on http://HOST:PORT" once it accepts connections.
 *
 * Bot API (POST or GET /bot<token>/<method>, JSON or form parameters, {ok, result} answers):
 *   getMe, setWebhook, deleteWebhook, getWebhookInfo, sendMessage
 * A token is a bot's when it looks like a real one: digits, a colon, 35 characters of
 * [A-Za-z0-9_-]; any other token answers 401 {"ok":false,"error_code":401,"description":"Unauthorized"}.
 *
 * The "users" of the sandbox (not part of the Bot API):
 *   GET  /                                         a page to chat with a bot as a Telegram user
 *   POST /sandbox/bots/<botId>/messages            {chatId, text, firstName?}: a user writes to the bot;
 *                                                  the update is delivered to the bot's webhook with
 *                                                  X-Telegram-Bot-Api-Secret-Token; answers {update, delivery}
 *   POST /sandbox/bots/<botId>/updates/<id>/redeliver   delivers the same update again (a provider retry)
 *   GET  /sandbox/bots                             bots known, with their webhook
 *   GET  /sandbox/bots/<botId>/chats/<chatId>      the conversation: what the user wrote, what the bot sent
 *   GET  /sandbox/bots/<botId>/sent                every sendMessage of the bot
 *   GET  /sandbox/bots/<botId>/webhook             {url, secret_token} as set (for load generators)
 *   GET  /healthz                                  {ok: true}
 * A delivery the webhook does not answer with 2xx stays pending (getWebhookInfo shows
 * pending_update_count and last_error_message) and is retried with backoff, as Telegram does.
 * Shapes: infra/sandboxes/README.md.
 */
const http = require('node:http');
const { cliArg, listen, runFromCli, send } = require('../lib/serve');

const TOKEN = /^(\d{1,20}):[A-Za-z0-9_-]{35}$/;
const SECRET_TOKEN = /^[A-Za-z0-9_-]{1,256}$/;
const MAX_BODY_BYTES = 1024 * 1024;
const RETRY_MS = [1000, 2000, 5000, 10000, 30000];

/** botId -> {id, token, webhook: {url, secret, allowed_updates, max_connections} | null, pending: [], lastError, nextUpdateId, nextMessageId, chats: Map, sent: []} */
const bots = new Map();

function botFor(token) {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const id = match[1];
  let bot = bots.get(id);
  if (!bot) {
    bot = { id, token, webhook: null, pending: [], delivering: false, lastError: null, nextUpdateId: 100000 + Math.floor(Math.random() * 1000), nextMessageId: 1, chats: new Map(), sent: [] };
    bots.set(id, bot);
  }
  // A token of the same bot id with another secret is another (revoked) token.
  return bot.token === token ? bot : undefined;
}

const botUser = (bot) => ({ id: Number(bot.id), is_bot: true, first_name: `Sandbox bot ${bot.id}`, username: `sandbox_${bot.id}_bot` });
const now = () => Math.floor(Date.now() / 1000);

function chatOf(bot, chatId) {
  const key = String(chatId);
  if (!bot.chats.has(key)) bot.chats.set(key, { id: Number(chatId), first_name: 'Sandbox user', type: 'private', messages: [] });
  return bot.chats.get(key);
}

const ok = (result, description) => ({ status: 200, body: description ? { ok: true, result, description } : { ok: true, result } });
const fail = (status, description) => ({ status, body: { ok: false, error_code: status, description } });

const METHODS = {
  getMe: (bot) => ok({ ...botUser(bot), can_join_groups: true, can_read_all_group_messages: false, supports_inline_queries: false }),
  setWebhook: (bot, params) => {
    const url = String(params.url ?? '');
    if (params.secret_token !== undefined && !SECRET_TOKEN.test(String(params.secret_token))) return fail(400, 'Bad Request: secret token contains unallowed characters');
    if (!url) {
      bot.webhook = null;
      return ok(true, 'Webhook was deleted');
    }
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      return fail(400, 'Bad Request: invalid webhook URL specified');
    }
    // Telegram itself requires HTTPS on ports 443, 80, 88 or 8443; the sandbox also takes local http.
    if (!['http:', 'https:'].includes(parsed.protocol)) return fail(400, 'Bad Request: bad webhook: Webhook can be set up only on ports 80, 88, 443 or 8443');
    const allowed = Array.isArray(params.allowed_updates) ? params.allowed_updates : typeof params.allowed_updates === 'string' ? JSON.parse(params.allowed_updates) : undefined;
    const unchanged = bot.webhook && bot.webhook.url === url && bot.webhook.secret === params.secret_token;
    bot.webhook = { url, secret: params.secret_token, allowed_updates: allowed, max_connections: Number(params.max_connections ?? 40) };
    if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') bot.pending = [];
    return ok(true, unchanged ? 'Webhook is already set' : 'Webhook was set');
  },
  deleteWebhook: (bot, params) => {
    const had = Boolean(bot.webhook);
    bot.webhook = null;
    if (params.drop_pending_updates === true || params.drop_pending_updates === 'true') bot.pending = [];
    return ok(true, had ? 'Webhook was deleted' : 'Webhook is already deleted');
  },
  getWebhookInfo: (bot) => {
    const info = { url: bot.webhook?.url ?? '', has_custom_certificate: false, pending_update_count: bot.pending.length };
    if (bot.webhook) {
      info.max_connections = bot.webhook.max_connections;
      info.ip_address = '127.0.0.1';
      if (bot.webhook.allowed_updates) info.allowed_updates = bot.webhook.allowed_updates;
    }
    if (bot.lastError) Object.assign(info, { last_error_date: bot.lastError.date, last_error_message: bot.lastError.message });
    return ok(info);
  },
  sendMessage: (bot, params) => {
    if (params.chat_id === undefined || params.chat_id === '') return fail(400, 'Bad Request: chat_id is empty');
    const text = params.text === undefined ? '' : String(params.text);
    if (!text.trim()) return fail(400, 'Bad Request: message text is empty');
    if (text.length > 4096) return fail(400, 'Bad Request: message is too long');
    const chat = bot.chats.get(String(params.chat_id));
    // A bot can only write to a user who wrote to it first.
    if (!chat) return fail(400, 'Bad Request: chat not found');
    const message = { message_id: bot.nextMessageId++, from: botUser(bot), chat: { id: chat.id, first_name: chat.first_name, type: chat.type }, date: now(), text };
    chat.messages.push({ from: 'bot', text, date: message.date, message_id: message.message_id });
    bot.sent.push(message);
    return ok(message);
  },
};

/** Delivers the bot's pending updates to its webhook one at a time, in order; a failure waits and retries. */
async function deliverPending(bot) {
  if (bot.delivering) return;
  bot.delivering = true;
  try {
    while (bot.webhook && bot.pending.length) {
      const entry = bot.pending[0];
      const result = await post(bot, entry.update);
      entry.deliveries.push(result);
      if (result.status >= 200 && result.status < 300) {
        bot.pending.shift();
        continue;
      }
      bot.lastError = { date: now(), message: result.status ? `Wrong response from the webhook: ${result.status} ${http.STATUS_CODES[result.status] ?? ''}`.trim() : `Connection refused: ${result.error}` };
      const wait = RETRY_MS[Math.min(entry.deliveries.length - 1, RETRY_MS.length - 1)];
      setTimeout(() => deliverPending(bot), wait).unref();
      return;
    }
  } finally {
    bot.delivering = false;
  }
}

async function post(bot, update) {
  const headers = { 'content-type': 'application/json' };
  if (bot.webhook.secret) headers['x-telegram-bot-api-secret-token'] = bot.webhook.secret;
  try {
    const response = await fetch(bot.webhook.url, { method: 'POST', headers, body: JSON.stringify(update), signal: AbortSignal.timeout(60_000) });
    const text = await response.text();
    return { status: response.status, body: text.slice(0, 2000), at: new Date().toISOString() };
  } catch (err) {
    return { status: 0, error: err.cause?.code ?? err.message, at: new Date().toISOString() };
  }
}

/** A user writes to the bot: the update is queued and delivery starts; answers once the first attempt is known. */
async function userWrites(bot, { chatId, text, firstName }) {
  const chat = chatOf(bot, chatId);
  if (firstName) chat.first_name = String(firstName);
  const date = now();
  const message = { message_id: bot.nextMessageId++, from: { id: chat.id, is_bot: false, first_name: chat.first_name }, chat: { id: chat.id, first_name: chat.first_name, type: 'private' }, date, text };
  const update = { update_id: bot.nextUpdateId++, message };
  chat.messages.push({ from: 'user', text, date, message_id: message.message_id, update_id: update.update_id });
  return enqueue(bot, update);
}

async function enqueue(bot, update) {
  const entry = { update, deliveries: [] };
  bot.pending.push(entry);
  if (!bot.webhook) return { update, delivery: null };
  await deliverPending(bot);
  return { update, delivery: entry.deliveries[0] ?? null };
}

// ---- HTTP ----------------------------------------------------------------------------------

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('Request Entity Too Large'), { status: 413 }));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

function parseParams(req, url, raw) {
  const params = Object.fromEntries(url.searchParams);
  if (!raw) return params;
  const type = String(req.headers['content-type'] ?? '');
  if (type.includes('application/json')) return { ...params, ...JSON.parse(raw) };
  if (type.includes('application/x-www-form-urlencoded')) return { ...params, ...Object.fromEntries(new URLSearchParams(raw)) };
  return params;
}

async function handle(req, res) {
  const url = new URL(req.url, 'http://sandbox');
  const raw = await readBody(req);
  if (url.pathname === '/healthz') return send(res, 200, { ok: true });
  if (url.pathname === '/' && req.method === 'GET') return send(res, 200, PAGE, 'text/html');

  const api = /^\/bot([^/]+)\/([A-Za-z]+)$/.exec(url.pathname);
  if (api) {
    const bot = botFor(decodeURIComponent(api[1]));
    if (!bot) return send(res, 401, { ok: false, error_code: 401, description: 'Unauthorized' });
    const method = Object.keys(METHODS).find((name) => name.toLowerCase() === api[2].toLowerCase());
    if (!method) return send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
    let params;
    try {
      params = parseParams(req, url, raw);
    } catch {
      return send(res, 400, { ok: false, error_code: 400, description: "Bad Request: can't parse JSON object" });
    }
    const answer = METHODS[method](bot, params);
    return send(res, answer.status, answer.body);
  }

  if (url.pathname === '/sandbox/bots' && req.method === 'GET') {
    return send(res, 200, [...bots.values()].map((bot) => ({ id: bot.id, username: botUser(bot).username, webhookUrl: bot.webhook?.url ?? '', pending: bot.pending.length })));
  }
  const botPath = /^\/sandbox\/bots\/(\d+)\/(.+)$/.exec(url.pathname);
  const bot = botPath && bots.get(botPath[1]);
  if (botPath && !bot) return send(res, 404, { ok: false, description: 'No bot with this id has called the sandbox yet' });
  if (bot) {
    const rest = botPath[2];
    if (rest === 'messages' && req.method === 'POST') {
      let body;
      try {
        body = JSON.parse(raw || '{}');
      } catch {
        return send(res, 400, { ok: false, description: 'JSON body expected' });
      }
      if (!/^-?\d+$/.test(String(body.chatId ?? '')) || typeof body.text !== 'string' || !body.text) return send(res, 400, { ok: false, description: 'chatId (digits) and text are required' });
      return send(res, 200, { ok: true, ...(await userWrites(bot, body)) });
    }
    const redeliver = /^updates\/(\d+)\/redeliver$/.exec(rest);
    if (redeliver && req.method === 'POST') {
      const chat = [...bot.chats.values()].find((c) => c.messages.some((m) => m.update_id === Number(redeliver[1])));
      const written = chat?.messages.find((m) => m.update_id === Number(redeliver[1]));
      if (!written) return send(res, 404, { ok: false, description: 'No such update' });
      const update = { update_id: written.update_id, message: { message_id: written.message_id, from: { id: chat.id, is_bot: false, first_name: chat.first_name }, chat: { id: chat.id, first_name: chat.first_name, type: 'private' }, date: written.date, text: written.text } };
      return send(res, 200, { ok: true, ...(await enqueue(bot, update)) });
    }
    const chat = /^chats\/(-?\d+)$/.exec(rest);
    if (chat && req.method === 'GET') return send(res, 200, { ok: true, messages: bot.chats.get(chat[1])?.messages ?? [] });
    if (rest === 'sent' && req.method === 'GET') return send(res, 200, { ok: true, messages: bot.sent });
    // What Telegram itself knows and sends with every update; a load generator posting updates needs it.
    if (rest === 'webhook' && req.method === 'GET') return send(res, 200, { ok: true, url: bot.webhook?.url ?? '', secret_token: bot.webhook?.secret ?? '' });
  }
  return send(res, 404, { ok: false, error_code: 404, description: 'Not Found' });
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Telegram sandbox</title>
<style>body{font:15px system-ui;margin:2rem;max-width:42rem}label{display:block;margin:.5rem 0}#log{border:1px solid #ccc;border-radius:8px;padding:1rem;min-height:12rem;background:#f7f9fb}
.user{text-align:right}.user span{background:#d8f1ff}.bot span{background:#fff;border:1px solid #ddd}.m span{display:inline-block;padding:.3rem .6rem;border-radius:12px;margin:.15rem 0}</style></head>
<body><h1>Telegram sandbox</h1><p>Write to a bot as a Telegram user: the update goes to the bot's webhook with its secret token, and the bot's replies (sendMessage) appear below.</p>
<label>Bot <select id="bot"></select></label><label>Your chat id <input id="chat" value="424242"></label>
<div id="log" data-testid="transcript"></div>
<form id="f"><input id="text" placeholder="Message" style="width:75%" autocomplete="off"> <button>Send</button></form><p id="status"></p>
<script>
const $=(id)=>document.getElementById(id);
async function bots(){const list=await (await fetch('/sandbox/bots')).json();const current=$('bot').value;$('bot').innerHTML=list.map(b=>'<option value="'+b.id+'">@'+b.username+(b.webhookUrl?'':' (no webhook)')+'</option>').join('');if(current)$('bot').value=current;}
async function refresh(){if(!$('bot').value)return;const r=await fetch('/sandbox/bots/'+$('bot').value+'/chats/'+$('chat').value);if(!r.ok)return;const {messages}=await r.json();
$('log').innerHTML=messages.map(m=>'<div class="m '+m.from+'"><span></span></div>').join('');[...$('log').querySelectorAll('span')].forEach((s,i)=>s.textContent=messages[i].text);}
$('f').onsubmit=async(e)=>{e.preventDefault();const text=$('text').value.trim();if(!text)return;$('text').value='';
const r=await fetch('/sandbox/bots/'+$('bot').value+'/messages',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({chatId:$('chat').value,text})});
const a=await r.json();$('status').textContent=a.delivery?('Webhook answered '+(a.delivery.status||a.delivery.error)):(a.description||'Queued: the bot has no webhook');refresh();};
bots().then(refresh);setInterval(()=>{bots();refresh();},1500);
</script></body></html>`;

function main() {
  const port = Number(cliArg('--port') ?? process.env.TELEGRAM_SANDBOX_PORT ?? 4110);
  const host = cliArg('--host') ?? '127.0.0.1';
  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => send(res, err.status ?? 500, { ok: false, error_code: err.status ?? 500, description: err.message }));
  });
  runFromCli('telegram sandbox', () => listen(server, port, host));
}

if (require.main === module) main();
module.exports = { bots };
