#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of the OpenAI chat completions API (the LLM provider), for `make up`
 * and tests. Plain Node, no dependencies, no build step.
 *
 *   node infra/sandboxes/llm/server.js [--port N] [--host H] [--chunk-delay-ms N]
 *
 * Port: --port, else LLM_SANDBOX_PORT, else 4100 (0 picks a free one). A streamed answer's
 * chunks follow each other --chunk-delay-ms (else LLM_SANDBOX_CHUNK_DELAY_MS, else 0) apart. Prints
 * "llm sandbox listening on http://HOST:PORT" once it accepts connections.
 *
 *   POST /v1/chat/completions   OpenAI's request and response shapes (stream too)
 *   GET  /v1/models             the models it answers as
 *   POST /v1/embeddings         OpenAI's shapes; deterministic vectors (see embeddingOf)
 *   GET  /healthz               {ok: true}
 *
 * Answers are deterministic. A conversation about CSS (any message mentions CSS, styles,
 * colours, the widget...) is answered with a short sentence and a ```css block built from
 * the last user message: colours it names (CSS colour names, #hex, rgb()/hsl()), and words
 * such as rounded, shadow, bigger, smaller, bold, dark, light. Anything else gets an
 * echo-like reply. A system message with a "## Knowledge" section is answered with the
 * sentence of it that shares the most words with the question (onboarding's website text).
 * Every answer carries system_fingerprint 'sandbox' and the header x-sandbox: true, so
 * clients can show that the answer came from a sandbox.
 * Request and response shapes: infra/sandboxes/README.md.
 */
const http = require('node:http');
const { cliArg, listen, runFromCli } = require('../lib/serve');
const crypto = require('node:crypto');

const MODELS = ['gpt-4o-mini', 'gpt-4o', 'gpt-4.1-mini', 'gpt-3.5-turbo'];
const MAX_BODY_BYTES = 8 * 1024 * 1024;

// CSS colour keywords (CSS Color Module Level 4 named colours).
const NAMED_COLOURS = (
  'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue blueviolet brown burlywood ' +
  'cadetblue chartreuse chocolate coral cornflowerblue cornsilk crimson cyan darkblue darkcyan darkgoldenrod darkgray ' +
  'darkgreen darkgrey darkkhaki darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
  'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue dimgray dimgrey dodgerblue ' +
  'firebrick floralwhite forestgreen fuchsia gainsboro ghostwhite gold goldenrod gray green greenyellow grey honeydew ' +
  'hotpink indianred indigo ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral lightcyan ' +
  'lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon lightseagreen lightskyblue lightslategray ' +
  'lightslategrey lightsteelblue lightyellow lime limegreen linen magenta maroon mediumaquamarine mediumblue ' +
  'mediumorchid mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise mediumvioletred ' +
  'midnightblue mintcream mistyrose moccasin navajowhite navy oldlace olive olivedrab orange orangered orchid ' +
  'palegoldenrod palegreen paleturquoise palevioletred papayawhip peachpuff peru pink plum powderblue purple ' +
  'rebeccapurple red rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver skyblue ' +
  'slateblue slategray slategrey snow springgreen steelblue tan teal thistle tomato turquoise violet wheat white ' +
  'whitesmoke yellow yellowgreen'
).split(' ');
const NAMED = new Set(NAMED_COLOURS);

const CSS_TOPIC = /\b(css|style|styles|styling|colou?rs?|theme|font|widget|button|header|background|border|rounded|shadow|dark mode|light mode)\b/i;

/** The colours a text names, in order of appearance, without repeats. */
function coloursIn(text) {
  const found = [];
  const pattern = /#(?:[0-9a-f]{6}|[0-9a-f]{3})\b|\b(?:rgb|hsl)a?\([^)]*\)|\b(?:dark|light)\s+[a-z]+\b|\b[a-z]+\b/gi;
  for (const match of text.matchAll(pattern)) {
    const raw = match[0];
    let colour;
    if (raw.startsWith('#') || /^(rgb|hsl)/i.test(raw)) colour = raw.toLowerCase();
    else {
      const word = raw.toLowerCase().replace(/\s+/, '');
      if (NAMED.has(word)) colour = word; // "dark blue" -> darkblue
      else if (NAMED.has(raw.toLowerCase().split(/\s+/).pop())) {
        // "dark purple": the second word alone is a colour
        colour = raw.toLowerCase().split(/\s+/).pop();
      }
    }
    if (colour && !found.includes(colour)) found.push(colour);
  }
  return found;
}

/** A deterministic CSS answer to the last user message. */
function cssAnswer(request) {
  const lower = request.toLowerCase();
  const colours = coloursIn(request);
  const dark = /\bdark (mode|theme)\b|\bdark background\b/.test(lower);
  const primary = colours[0] || (dark ? '#1f2937' : '#2563eb');
  const accent = colours[1] || primary;
  const rules = [];
  rules.push(`.vg-chat-header {\n  background-color: ${primary};\n  color: #ffffff;\n}`);
  rules.push(`.vg-chat-launcher,\n.vg-chat-button {\n  background-color: ${accent};\n  border-color: ${accent};\n  color: #ffffff;\n}`);
  rules.push(`.vg-message--user {\n  background-color: ${primary};\n  color: #ffffff;\n}`);
  if (dark) rules.push('.vg-chat-window {\n  background-color: #111827;\n  color: #f9fafb;\n}');
  if (/\blight (mode|theme)\b|\blight background\b/.test(lower)) rules.push('.vg-chat-window {\n  background-color: #ffffff;\n  color: #111827;\n}');
  if (/\bround(ed)?\b|\bcorners?\b|\bpill\b/.test(lower)) rules.push('.vg-chat-window,\n.vg-message,\n.vg-chat-button {\n  border-radius: 16px;\n}');
  if (/\bshadows?\b/.test(lower)) rules.push('.vg-chat-window {\n  box-shadow: 0 10px 30px rgba(0, 0, 0, 0.2);\n}');
  if (/\b(bigger|larger|increase)\b/.test(lower)) rules.push('.vg-message {\n  font-size: 1.125rem;\n}');
  if (/\b(smaller|decrease|compact)\b/.test(lower)) rules.push('.vg-message {\n  font-size: 0.875rem;\n}');
  if (/\bbold\b/.test(lower)) rules.push('.vg-chat-header,\n.vg-message {\n  font-weight: 700;\n}');
  const named = colours.length ? ` using ${colours.slice(0, 2).join(' and ')}` : '';
  return `Here is CSS for your widget${named}:\n\n\`\`\`css\n${rules.join('\n\n')}\n\`\`\``;
}

function textOf(content) {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) return content.map((part) => (part && typeof part.text === 'string' ? part.text : '')).join(' ');
  return '';
}

// A system message with a "## Knowledge" section (the onboarding agent's website text) is
// answered from it: the sentence sharing the most words with the question, as a grounded
// model would, so a test can ask what only the knowledge says.
const KNOWLEDGE = /^## Knowledge\b/m;
const wordsOf = (text) => new Set((text.toLowerCase().match(/[a-z0-9]{4,}/g) ?? []).filter((w) => !['what', 'when', 'where', 'which', 'your', 'with', 'does', 'that', 'this', 'have', 'from', 'about', 'tell'].includes(w)));

function knowledgeAnswer(messages, question) {
  const system = messages.filter((m) => m.role === 'system').map((m) => textOf(m.content)).find((t) => KNOWLEDGE.test(t));
  if (!system || !question) return null;
  const asked = wordsOf(question);
  let best = null;
  let bestScore = 0;
  for (const sentence of system.slice(system.search(KNOWLEDGE)).split(/(?<=[.!?])\s+|\n+/)) {
    if (sentence.startsWith('#')) continue;
    const score = [...wordsOf(sentence)].filter((w) => asked.has(w)).length;
    if (score > bestScore) [best, bestScore] = [sentence.trim(), score];
  }
  return best ? `From what I know: ${best}` : null;
}

/** The answer text for a (valid) chat request. */
function answerFor(messages) {
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const request = lastUser ? textOf(lastUser.content) : '';
  const grounded = knowledgeAnswer(messages, request);
  if (grounded) return grounded;
  const aboutCss = messages.some((m) => CSS_TOPIC.test(textOf(m.content)));
  if (aboutCss) return cssAnswer(request);
  return `Sandbox reply: you said "${request.slice(0, 200)}".`;
}

const tokens = (text) => Math.max(1, Math.ceil(text.length / 4));

// ---- embeddings ------------------------------------------------------------------------------
// A hashed bag of words: each word (lower case, a crude plural/-ing stem, stop words dropped)
// adds 1 to one of `dimensions` buckets chosen by its SHA-1, and the vector is L2-normalised.
// Texts sharing words have a cosine similarity above 0, so retrieval over them is meaningful.
const EMBEDDING_MODELS = ['text-embedding-3-small', 'text-embedding-3-large', 'text-embedding-ada-002'];
const STOP_WORDS = new Set('a an and are as at be by for from has have how i in is it its of on or our that the this to was we what when where which who why will with you your do does can'.split(' '));
const stem = (word) => word.replace(/(ing|es|s)$/, '').slice(0, 24) || word;

function embeddingOf(text, dimensions) {
  const vector = new Array(dimensions).fill(0);
  for (const word of String(text).toLowerCase().match(/[a-z0-9]+/g) ?? []) {
    if (STOP_WORDS.has(word) || word.length < 2) continue;
    const bucket = crypto.createHash('sha1').update(stem(word)).digest().readUInt32BE(0) % dimensions;
    vector[bucket] += 1;
  }
  const norm = Math.sqrt(vector.reduce((sum, v) => sum + v * v, 0)) || 1;
  return vector.map((v) => v / norm);
}

function embeddings(body, res) {
  const inputs = typeof body?.input === 'string' ? [body.input] : body?.input;
  if (!Array.isArray(inputs) || inputs.length === 0 || inputs.some((i) => typeof i !== 'string')) return sendError(res, 400, "'input' must be a string or a non-empty array of strings", { param: 'input' });
  if (inputs.length > 2048) return sendError(res, 400, "'input' must have at most 2048 items", { param: 'input' });
  const model = typeof body.model === 'string' ? body.model : '';
  if (!EMBEDDING_MODELS.includes(model)) return sendError(res, 404, `The model \`${model}\` does not exist or you do not have access to it.`, { code: 'model_not_found' });
  const dimensions = body.dimensions === undefined ? 1536 : body.dimensions;
  if (!Number.isInteger(dimensions) || dimensions < 1 || dimensions > 3072) return sendError(res, 400, "'dimensions' must be an integer between 1 and 3072", { param: 'dimensions' });
  const used = inputs.reduce((sum, text) => sum + tokens(text), 0);
  sendJson(res, 200, {
    object: 'list',
    data: inputs.map((text, index) => ({ object: 'embedding', index, embedding: embeddingOf(text, dimensions) })),
    model,
    usage: { prompt_tokens: used, total_tokens: used },
  });
}

// ---- OpenAI-shaped errors ------------------------------------------------------------------

function sendJson(res, status, body, extraHeaders = {}) {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text), 'x-sandbox': 'true', ...extraHeaders });
  res.end(text);
}

function sendError(res, status, message, { type = 'invalid_request_error', param = null, code = null } = {}) {
  sendJson(res, status, { error: { message, type, param, code } });
}

/** Validates a chat completions body the way the API does; an error description or null. */
function problemOf(body) {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return { message: 'The request body must be a JSON object.', param: null };
  if (body.model === undefined) return { message: 'you must provide a model parameter', param: null };
  if (typeof body.model !== 'string') return { message: `Invalid type for 'model': expected a string, but got ${typeof body.model} instead.`, param: 'model', code: 'invalid_type' };
  if (body.messages === undefined) return { message: "Missing required parameter: 'messages'.", param: 'messages', code: 'missing_required_parameter' };
  if (!Array.isArray(body.messages)) return { message: "Invalid type for 'messages': expected an array of objects.", param: 'messages', code: 'invalid_type' };
  if (body.messages.length === 0) return { message: "Invalid 'messages': empty array. Expected an array with minimum length 1, but got an empty array instead.", param: 'messages', code: 'empty_array' };
  for (let i = 0; i < body.messages.length; i++) {
    const m = body.messages[i];
    if (!m || typeof m !== 'object') return { message: `Invalid type for 'messages[${i}]': expected an object.`, param: `messages[${i}]`, code: 'invalid_type' };
    if (!['system', 'developer', 'user', 'assistant', 'tool'].includes(m.role)) {
      return { message: `Invalid value: '${m.role}'. Supported values are: 'system', 'developer', 'user', 'assistant' and 'tool'.`, param: `messages[${i}].role`, code: 'invalid_value' };
    }
    if (m.content !== undefined && m.content !== null && typeof m.content !== 'string' && !Array.isArray(m.content)) {
      return { message: `Invalid type for 'messages[${i}].content': expected one of a string or array of objects.`, param: `messages[${i}].content`, code: 'invalid_type' };
    }
  }
  if (body.temperature !== undefined && (typeof body.temperature !== 'number' || body.temperature < 0 || body.temperature > 2)) {
    return { message: `Invalid 'temperature': decimal above maximum value. Expected a value <= 2, but got ${body.temperature} instead.`, param: 'temperature', code: 'decimal_above_max_value' };
  }
  return null;
}

// ---- handlers ---------------------------------------------------------------------------------

function completion(body) {
  const content = answerFor(body.messages);
  const promptTokens = body.messages.reduce((sum, m) => sum + tokens(textOf(m.content)), 0);
  const completionTokens = tokens(content);
  const id = `chatcmpl-sandbox${crypto.createHash('sha256').update(JSON.stringify(body.messages)).digest('hex').slice(0, 24)}`;
  return { id, content, promptTokens, completionTokens };
}

function chatCompletions(body, res, options) {
  const problem = problemOf(body);
  if (problem) return sendError(res, 400, problem.message, { param: problem.param, code: problem.code ?? null });
  const { id, content, promptTokens, completionTokens } = completion(body);
  const created = Math.floor(Date.now() / 1000);
  const model = body.model;
  if (body.stream === true) {
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', 'x-sandbox': 'true' });
    // stream_options.include_usage: every chunk carries usage: null, and one last chunk with
    // no choices carries the token counts (as the API does).
    const withUsage = Boolean(body.stream_options && body.stream_options.include_usage === true);
    const event = (fields) =>
      `data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model, system_fingerprint: 'sandbox', ...fields, ...(withUsage && !fields.usage ? { usage: null } : {}) })}\n\n`;
    const chunk = (delta, finish) => event({ choices: [{ index: 0, delta, logprobs: null, finish_reason: finish }] });
    const events = [
      chunk({ role: 'assistant', content: '' }, null),
      ...(content.match(/[\s\S]{1,40}/g) || []).map((piece) => chunk({ content: piece }, null)),
      chunk({}, 'stop'),
      ...(withUsage ? [event({ choices: [], usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens } })] : []),
      'data: [DONE]\n\n',
    ];
    // The first event at once; with a chunk delay the others follow one by one, as a model writes.
    const next = () => {
      if (res.destroyed) return;
      const text = events.shift();
      if (!events.length) return void res.end(text);
      res.write(text);
      if (options.chunkDelayMs > 0) setTimeout(next, options.chunkDelayMs);
      else next();
    };
    next();
    return;
  }
  sendJson(res, 200, {
    id,
    object: 'chat.completion',
    created,
    model,
    choices: [{ index: 0, message: { role: 'assistant', content, refusal: null }, logprobs: null, finish_reason: 'stop' }],
    usage: { prompt_tokens: promptTokens, completion_tokens: completionTokens, total_tokens: promptTokens + completionTokens },
    system_fingerprint: 'sandbox',
  });
}

function authorized(req) {
  const header = req.headers.authorization || '';
  const match = /^Bearer\s+(\S+)$/i.exec(header);
  return Boolean(match);
}

function handle(req, res, options) {
  const url = new URL(req.url, 'http://sandbox');
  if (req.method === 'GET' && url.pathname === '/healthz') return sendJson(res, 200, { ok: true });
  const known = ['/v1/chat/completions', '/v1/models', '/v1/embeddings'];
  if (!known.includes(url.pathname)) return sendError(res, 404, `Invalid URL (${req.method} ${url.pathname})`);
  if (!authorized(req)) {
    return sendError(
      res,
      401,
      "You didn't provide an API key. You need to provide your API key in an Authorization header using Bearer auth (i.e. Authorization: Bearer YOUR_KEY).",
    );
  }
  if (url.pathname === '/v1/models') {
    if (req.method !== 'GET') return sendError(res, 405, `Invalid method for URL (${req.method} ${url.pathname})`);
    return sendJson(res, 200, { object: 'list', data: MODELS.map((id) => ({ id, object: 'model', created: 1700000000, owned_by: 'sandbox' })) });
  }
  if (req.method !== 'POST') return sendError(res, 405, `Invalid method for URL (${req.method} ${url.pathname})`);
  const chunks = [];
  let size = 0;
  req.on('data', (chunk) => {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) {
      sendError(res, 413, 'Request body too large.');
      req.destroy();
      return;
    }
    chunks.push(chunk);
  });
  req.on('end', () => {
    if (res.writableEnded) return;
    let body;
    try {
      body = JSON.parse(Buffer.concat(chunks).toString('utf8'));
    } catch {
      return sendError(
        res,
        400,
        "We could not parse the JSON body of your request. (HINT: This likely means you aren't using your HTTP library correctly. The OpenAI API expects a JSON payload, but what was sent was not valid JSON.)",
      );
    }
    if (url.pathname === '/v1/embeddings') return embeddings(body, res);
    chatCompletions(body, res, options);
  });
}

/** Starts the sandbox; resolves with {server, url, port} once it listens. */
function startLlmSandbox({ port = 4100, host = '127.0.0.1', chunkDelayMs = 0 } = {}) {
  const server = http.createServer((req, res) => {
    try {
      handle(req, res, { chunkDelayMs });
    } catch (err) {
      sendError(res, 500, 'The sandbox failed to answer.', { type: 'server_error' });
      process.stderr.write(`${err && err.stack ? err.stack : err}\n`);
    }
  });
  return listen(server, port, host);
}

module.exports = { startLlmSandbox, answerFor, coloursIn, cssAnswer, embeddingOf };

if (require.main === module) {
  const port = Number(cliArg('--port') ?? process.env.LLM_SANDBOX_PORT ?? 4100);
  const host = cliArg('--host') ?? '127.0.0.1';
  const chunkDelayMs = Number(cliArg('--chunk-delay-ms') ?? process.env.LLM_SANDBOX_CHUNK_DELAY_MS ?? 0);
  runFromCli('llm sandbox', () => startLlmSandbox({ port, host, chunkDelayMs }));
}
