#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of Discord for `make up` and tests: its webhooks
 * (https://discord.com/developers/docs/resources/webhook), the bot's Gateway
 * (https://discord.com/developers/docs/events/gateway, in ./gateway.js) and one server whose
 * channels a person writes in. Plain Node, no dependencies, no build step.
 *
 *   node infra/sandboxes/discord/server.js [--port N] [--host H] [--bot-token T] [--heartbeat-ms N]
 *
 * Port: --port, else DISCORD_SANDBOX_PORT, else 4130 (0 picks a free one). The bot's token:
 * --bot-token, else DISCORD_SANDBOX_BOT_TOKEN (infra/local.env), else a random one printed at
 * start. Heartbeat interval: --heartbeat-ms, else DISCORD_SANDBOX_HEARTBEAT_MS, else 41250.
 * Prints "discord sandbox listening on http://HOST:PORT" once it accepts connections.
 *
 *   GET  /api/v10/gateway/bot                     Get Gateway Bot (Authorization: Bot <token>)
 *   GET  /api/v10/gateway                         Get Gateway
 *   WS   /?v=10&encoding=json, /resume?...        the Gateway (./gateway.js)
 *   POST /api/webhooks/<id>/<token>[?wait=true]   Execute Webhook {content, username?}: 204, or
 *                                                 200 with the message when wait=true; the message
 *                                                 lands in the webhook's channel (MESSAGE_CREATE)
 *   GET  /api/webhooks/<id>/<token>               the webhook object
 * The sandbox's own commands (a person in the server, and the tests):
 *   GET  /                                        a page: pick a channel, make its webhook, write
 *   POST /sandbox/channels/<channelId>/messages   {content, userId?, username?, bot?}: a user writes
 *   GET  /sandbox/channels/<channelId>/messages   the channel: users' messages and webhook posts
 *   POST /sandbox/channels/<channelId>/webhooks   {name?}: a webhook of the channel, with its url
 *   GET  /sandbox/channels                        channels with messages or webhooks
 *   GET  /sandbox/webhooks/<id>/messages          what was posted to one webhook
 *   GET  /sandbox/gateway/sessions                the Gateway's sessions and their connections
 *   POST /sandbox/gateway/drop | reconnect | zombie, /sandbox/gateway/invalidate {resumable}
 *   GET  /healthz
 * A webhook exists for any id of 17 to 20 digits with a token of 60 to 80 characters of
 * [A-Za-z0-9_-] (its channel: the one it was made for, else id + 1); another token shape
 * answers 401 Invalid Webhook Token (code 50027), another id 404 Unknown Webhook (code 10015).
 * Shapes: infra/sandboxes/README.md.
 */
const http = require('node:http');
const crypto = require('node:crypto');
const { cliArg, listen, runFromCli } = require('../lib/serve');
const { createGateway } = require('./gateway');

const ID = /^\d{17,20}$/;
const TOKEN = /^[A-Za-z0-9_-]{60,80}$/;
const CHANNEL_ID = /^\d{1,20}$/;
/** The sandbox's one server, where the bot and every channel are. */
const GUILD_ID = '1100000000000000001';
const DEFAULT_BOT_ID = '1300000000000000001';

const snowflake = () => String((BigInt(Date.now() - 1420070400000) << 22n) | BigInt(crypto.randomInt(1 << 22)));

function send(res, status, body, type = 'application/json') {
  if (status === 204) return res.writeHead(204).end();
  const text = type === 'application/json' ? JSON.stringify(body) : body;
  return res.writeHead(status, { 'content-type': `${type}; charset=utf-8`, 'content-length': Buffer.byteLength(text) }).end(text);
}

/** A bot token's shape: the bot's user id in base64, a timestamp, an HMAC (three dot-separated parts). */
function randomBotToken() {
  return `${Buffer.from(DEFAULT_BOT_ID).toString('base64url')}.${crypto.randomBytes(4).toString('base64url')}.${crypto.randomBytes(28).toString('base64url')}`;
}

/** The bot user a token names (its first part is the user id in base64). */
function botUserOf(token) {
  const decoded = Buffer.from(token.split('.')[0] ?? '', 'base64url').toString('utf8');
  const id = /^\d{17,20}$/.test(decoded) ? decoded : DEFAULT_BOT_ID;
  return { id, username: 'Platform Bot', global_name: null, discriminator: '0', avatar: null, bot: true, verified: true, flags: 0 };
}

/** Starts the sandbox; resolves to {server, url, botToken}. */
function start(port, host, options = {}) {
  const botToken = options.botToken || randomBotToken();
  const gateway = createGateway({ botToken, botUser: botUserOf(botToken), guildId: GUILD_ID, heartbeatIntervalMs: options.heartbeatMs ?? 41_250 });
  /** channel id -> [message] */
  const channels = new Map();
  /** webhook id -> {id, token, channelId, name} made on the page (others exist by their shape) */
  const madeWebhooks = new Map();
  /** webhook id -> [message] */
  const webhookPosts = new Map();

  const channelOf = (id) => {
    if (!channels.has(id)) channels.set(id, []);
    return channels.get(id);
  };
  const webhookObject = (id, token, host) => {
    const made = madeWebhooks.get(id);
    const channelId = made?.channelId ?? String(BigInt(id) + 1n);
    return { type: 1, id, name: made?.name ?? 'Sandbox hook', channel_id: channelId, guild_id: GUILD_ID, token, url: `http://${host}/api/webhooks/${id}/${token}` };
  };
  /** A message in a channel: kept there and dispatched to the bot's sessions. */
  const post = (message) => {
    channelOf(message.channel_id).push(message);
    return gateway.messageCreated(message);
  };
  const messageOf = (channelId, author, content) => ({
    id: snowflake(),
    type: 0,
    content,
    channel_id: channelId,
    guild_id: GUILD_ID,
    author,
    timestamp: new Date().toISOString(),
    edited_timestamp: null,
    tts: false,
    mention_everyone: false,
    mentions: [],
    mention_roles: [],
    attachments: [],
    embeds: [],
    pinned: false,
    flags: 0,
  });

  async function handle(req, res) {
    const url = new URL(req.url, 'http://sandbox');
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    let body;
    try {
      body = raw ? JSON.parse(raw) : {};
    } catch {
      return send(res, 400, { message: 'The request body contains invalid JSON.', code: 50109 });
    }
    const host = req.headers.host;
    if (url.pathname === '/healthz') return send(res, 200, { ok: true });
    if (url.pathname === '/' && req.method === 'GET') return send(res, 200, PAGE, 'text/html');

    // Discord's REST API
    if (/^\/api(?:\/v\d+)?\/gateway$/.test(url.pathname) && req.method === 'GET') return send(res, 200, { url: `ws://${host}` });
    if (/^\/api(?:\/v\d+)?\/gateway\/bot$/.test(url.pathname) && req.method === 'GET') {
      if (req.headers.authorization !== `Bot ${botToken}`) return send(res, 401, { message: '401: Unauthorized', code: 0 });
      return send(res, 200, gateway.gatewayBot(host));
    }
    const hook = /^\/api(?:\/v\d+)?\/webhooks\/([^/]+)\/([^/]+)$/.exec(url.pathname);
    if (hook) {
      const [, id, token] = hook;
      if (!ID.test(id)) return send(res, 404, { message: 'Unknown Webhook', code: 10015 });
      const made = madeWebhooks.get(id);
      if (!TOKEN.test(token) || (made && made.token !== token)) return send(res, 401, { message: 'Invalid Webhook Token', code: 50027 });
      const webhook = webhookObject(id, token, host);
      if (req.method === 'GET') return send(res, 200, webhook);
      if (req.method !== 'POST') return send(res, 405, { message: '405: Method Not Allowed', code: 0 });
      const content = typeof body.content === 'string' ? body.content : '';
      if (!content.trim()) return send(res, 400, { message: 'Cannot send an empty message', code: 50006 });
      if (content.length > 2000) return send(res, 400, { message: 'Invalid Form Body', code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } } });
      const message = { ...messageOf(webhook.channel_id, { id, username: body.username ?? webhook.name, avatar: null, discriminator: '0000', bot: true }, content), webhook_id: id };
      webhookPosts.set(id, [...(webhookPosts.get(id) ?? []), message]);
      post(message);
      return url.searchParams.get('wait') === 'true' ? send(res, 200, message) : send(res, 204);
    }

    // The sandbox's commands
    const listed = /^\/sandbox\/webhooks\/(\d+)\/messages$/.exec(url.pathname);
    if (listed && req.method === 'GET') return send(res, 200, webhookPosts.get(listed[1]) ?? []);
    if (url.pathname === '/sandbox/channels' && req.method === 'GET') {
      const ids = new Set([...channels.keys(), ...[...madeWebhooks.values()].map((w) => w.channelId)]);
      return send(res, 200, [...ids].map((id) => ({ id, messages: channels.get(id)?.length ?? 0, webhooks: [...madeWebhooks.values()].filter((w) => w.channelId === id).map((w) => webhookObject(w.id, w.token, host)) })));
    }
    const channel = /^\/sandbox\/channels\/([^/]+)\/(messages|webhooks)$/.exec(url.pathname);
    if (channel) {
      const [, channelId, what] = channel;
      if (!CHANNEL_ID.test(channelId)) return send(res, 400, { message: 'A channel id is 1 to 20 digits' });
      if (what === 'messages' && req.method === 'GET') return send(res, 200, channels.get(channelId) ?? []);
      if (what === 'messages' && req.method === 'POST') {
        const content = typeof body.content === 'string' ? body.content : '';
        if (!content.trim() || content.length > 2000) return send(res, 400, { message: 'content: 1 to 2000 characters' });
        const userId = /^\d{1,20}$/.test(String(body.userId ?? '')) ? String(body.userId) : '424242424242424242';
        const username = typeof body.username === 'string' && body.username.trim() ? body.username.trim().slice(0, 32) : 'sandbox-user';
        const message = messageOf(channelId, { id: userId, username, global_name: username, discriminator: '0', avatar: null, ...(body.bot ? { bot: true } : {}) }, content);
        return send(res, 200, { message, dispatched: post(message) });
      }
      if (what === 'webhooks' && req.method === 'POST') {
        const made = { id: snowflake(), token: crypto.randomBytes(51).toString('base64url'), channelId, name: typeof body.name === 'string' && body.name ? body.name : 'Agent' };
        madeWebhooks.set(made.id, made);
        return send(res, 200, webhookObject(made.id, made.token, host));
      }
    }
    if (url.pathname === '/sandbox/gateway/sessions' && req.method === 'GET') return send(res, 200, gateway.sessions());
    const control = /^\/sandbox\/gateway\/(drop|reconnect|zombie|invalidate)$/.exec(url.pathname);
    if (control && req.method === 'POST') {
      const sessions = control[1] === 'invalidate' ? gateway.controls.invalidate(Boolean(body.resumable)) : gateway.controls[control[1]]();
      return send(res, 200, { sessions });
    }
    return send(res, 404, { message: '404: Not Found', code: 0 });
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((err) => send(res, 500, { message: err.message, code: 0 }));
  });
  // Gateway connections are upgraded sockets, which server.close() would wait for: it cuts them.
  const upgraded = new Set();
  server.on('upgrade', (req, socket, head) => {
    upgraded.add(socket);
    socket.once('close', () => upgraded.delete(socket));
    gateway.upgrade(req, socket, head);
  });
  const close = server.close.bind(server);
  server.close = (callback) => {
    for (const socket of upgraded) socket.destroy();
    return close(callback);
  };
  return listen(server, port, host).then((listening) => ({ ...listening, botToken }));
}

const PAGE = `<!doctype html><html><head><meta charset="utf-8"><title>Discord sandbox</title>
<style>body{font:15px system-ui;margin:2rem;max-width:46rem}label{display:inline-block;margin:.4rem 1rem .4rem 0}#log{border:1px solid #ccc;border-radius:8px;padding:1rem;min-height:12rem;background:#f2f3f5}
.m{margin:.3rem 0}.m b{margin-right:.4rem}.bot b{color:#5865f2}.bot b::after{content:' APP';font-size:.7em;background:#5865f2;color:#fff;border-radius:3px;padding:0 .25em;margin-left:.3em}code{word-break:break-all}</style></head>
<body><h1>Discord sandbox</h1>
<p>One Discord server with the platform's bot in it. Pick a channel, make it a webhook and connect the agent with the channel id and the webhook URL (the agent's Channels tab, Discord). Then write here as a Discord user: the bot receives the message over the Gateway, and what the agent posts to the webhook appears in the channel.</p>
<label>Channel id <input id="channel" value="112233445566778899" size="22"></label>
<p><button id="hook" type="button">Create a webhook</button> <code id="hookUrl" data-testid="webhook-url"></code></p>
<label>Your name <input id="username" value="sandbox-user"></label><label>Your user id <input id="user" value="424242424242424242" size="22"></label>
<p id="gateway" data-testid="gateway-status"></p>
<div id="log" data-testid="transcript"></div>
<form id="f"><input id="text" placeholder="Message the channel" style="width:75%" autocomplete="off"> <button>Send</button></form><p id="status" data-testid="send-status"></p>
<script>
const $=(id)=>document.getElementById(id);
const channel=()=>$('channel').value.trim();
async function refresh(){
  const sessions=await (await fetch('/sandbox/gateway/sessions')).json();const live=sessions.filter(s=>s.connected);
  $('gateway').textContent=live.length?'The bot is on the Gateway ('+live.length+' session'+(live.length>1?'s':'')+', last sequence '+live.map(s=>s.seq).join(', ')+').':'No bot is connected to the Gateway.';
  if(!/^\\d{1,20}$/.test(channel()))return;
  const list=await (await fetch('/sandbox/channels')).json();const mine=list.find(c=>c.id===channel());
  $('hookUrl').textContent=mine&&mine.webhooks.length?mine.webhooks[mine.webhooks.length-1].url:'';
  const r=await fetch('/sandbox/channels/'+channel()+'/messages');if(!r.ok)return;const messages=await r.json();
  $('log').innerHTML=messages.map(m=>'<div class="m '+(m.author.bot?'bot':'user')+'"><b></b><span></span></div>').join('');
  [...$('log').querySelectorAll('.m')].forEach((d,i)=>{d.querySelector('b').textContent=messages[i].author.username;d.querySelector('span').textContent=messages[i].content;});
}
$('hook').onclick=async()=>{const r=await fetch('/sandbox/channels/'+channel()+'/webhooks',{method:'POST',headers:{'content-type':'application/json'},body:'{}'});const w=await r.json();$('hookUrl').textContent=w.url||w.message;};
$('f').onsubmit=async(e)=>{e.preventDefault();const content=$('text').value.trim();if(!content)return;$('text').value='';
  const r=await fetch('/sandbox/channels/'+channel()+'/messages',{method:'POST',headers:{'content-type':'application/json'},body:JSON.stringify({content,userId:$('user').value,username:$('username').value})});
  const a=await r.json();$('status').textContent=a.message&&!a.dispatched?a.message:(a.dispatched.length?'Sent: dispatched to the bot (sequence '+a.dispatched.map(d=>d.seq).join(', ')+')':'Sent: no bot session to dispatch it to');refresh();};
refresh();setInterval(refresh,1500);
</script></body></html>`;

function main() {
  const port = Number(cliArg('--port') ?? process.env.DISCORD_SANDBOX_PORT ?? 4130);
  const host = cliArg('--host') ?? '127.0.0.1';
  const botToken = cliArg('--bot-token') ?? process.env.DISCORD_SANDBOX_BOT_TOKEN;
  const heartbeatMs = Number(cliArg('--heartbeat-ms') ?? process.env.DISCORD_SANDBOX_HEARTBEAT_MS ?? 41_250);
  runFromCli('discord sandbox', () =>
    start(port, host, { botToken, heartbeatMs }).then((started) => {
      if (!botToken) process.stdout.write(`discord sandbox bot token (none configured): ${started.botToken}\n`);
      return started;
    }),
  );
}

if (require.main === module) main();
module.exports = { start };
