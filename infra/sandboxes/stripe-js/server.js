#!/usr/bin/env node
'use strict';
/*
 * A local stand-in of Stripe.js (https://js.stripe.com/v3) and of the card outcomes Stripe's test
 * mode gives, in front of stripe-mock. Plain Node, no dependencies, no build step.
 *
 *   node infra/sandboxes/stripe-js/server.js [--port N] [--host H] [--stripe-mock URL] [--secret-key sk_test_...]
 *
 * Port: --port, else STRIPE_JS_SANDBOX_PORT, else 4160 (0 picks a free one). stripe-mock: --stripe-mock,
 * else STRIPE_MOCK_URL, else http://127.0.0.1:12111. Prints "stripe-js sandbox listening on URL".
 *
 * For the browser (publishable key, CORS):
 *   GET  /v3/ (also /v3, /endive/stripe.js)       the script: defines window.Stripe (elements, card
 *                                                 element, createPaymentMethod, confirmCardPayment, ...)
 *   POST /v1/payment_methods                      a card PaymentMethod; the test cards' rules (cards.js)
 *   POST /v1/payment_intents/<id>/confirm         confirms with the card: succeeded, a decline, or
 *                                                 requires_action (3-D Secure)
 *   GET  /v1/payment_intents/<id>?client_secret=  the PaymentIntent
 *   POST /sandbox/3ds/<id> {client_secret, outcome: complete|fail}   the person's answer to the challenge
 * For the services (secret key; STRIPE_API_BASE points here): every /v1 request goes to stripe-mock,
 * and the objects stripe-mock cannot keep (customers' cards, subscriptions' and PaymentIntents'
 * statuses) are kept here, so a card needing 3-D Secure or declining behaves as on Stripe.
 * Idempotency-Key on a POST replays the first answer, as Stripe does.
 *
 * Webhooks, as `stripe listen --forward-to URL --forward-connect-to URL` delivers them: every change
 * the sandbox makes is POSTed as a signed event (Stripe-Signature: t=<unix seconds>,v1=<HMAC-SHA256 of
 * "t.payload">): customer.subscription.created|updated|deleted, invoice.paid, invoice.payment_failed,
 * payment_intent.succeeded|payment_failed. As on Stripe, the platform's own events go to the account
 * endpoint (--webhook-url or STRIPE_WEBHOOK_URL, signed with STRIPE_WEBHOOK_SECRET) and connected
 * accounts' events (with `account`) to the Connect endpoint (--connect-webhook-url or
 * STRIPE_CONNECT_WEBHOOK_URL, signed with STRIPE_CONNECT_WEBHOOK_SECRET); an endpoint not set gets none.
 * One at a time in order, retried with backoff when the endpoint does not answer 2xx.
 *   GET  /sandbox/webhooks                        the deliveries (id, type, status, attempts, last answer)
 *   POST /sandbox/webhooks/<evt id>/resend        delivers an event again (as `stripe events resend`)
 *
 * Products and prices created here are kept per account, and GET /v1/products, /v1/prices (active, type,
 * product, currency, lookup_keys, expand[]=data.product, limit, starting_after) list them as Stripe does.
 * The platform's account starts with the products of catalog.json (the pre-built plans, ADR 0045), as
 * an operator created them; --no-catalog (or {catalog: false}) starts it empty.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const http = require('node:http');
const path = require('node:path');
const { cliArg, listen, runFromCli, send } = require('../lib/serve');
const { TEST_CARDS, brandOf, cardError } = require('./cards');

const SCRIPT = fs.readFileSync(path.join(__dirname, 'stripe.js'), 'utf8').replace('/*CARD_RULES*/', () => fs.readFileSync(path.join(__dirname, 'cards.js'), 'utf8'));
const AUTHENTICATION_FAILED = 'We are unable to authenticate your payment method. Please choose a different payment method and try again.';
const AUTHENTICATION_REQUIRED = 'Your card was declined. This transaction requires authentication.';

const newId = (prefix) => `${prefix}_${crypto.randomBytes(12).toString('base64url').replace(/[-_]/g, 'x')}`;
const nowSeconds = () => Math.floor(Date.now() / 1000);

const WEBHOOK_ATTEMPTS = 5;
const WEBHOOK_RETRY_MS = 500;

/** Stripe's webhook signature scheme: v1 = HMAC-SHA256(secret, "<timestamp>.<payload>"). */
const signature = (payload, secret, timestamp) => `t=${timestamp},v1=${crypto.createHmac('sha256', secret).update(`${timestamp}.${payload}`).digest('hex')}`;

/**
 * Signed events delivered one after the other, retried with backoff: the platform's to `platform`,
 * connected accounts' to `connect` (each {url, secret}; none where an endpoint is not set).
 */
function webhookSender({ platform, connect }) {
  const endpointOf = (event) => (event.account ? connect : platform);
  const deliveries = new Map(); // evt id -> {event, status, attempts, lastAnswer}
  let queue = Promise.resolve();
  async function deliver(delivery) {
    const payload = JSON.stringify(delivery.event);
    const { url, secret } = endpointOf(delivery.event);
    for (let attempt = 1; attempt <= WEBHOOK_ATTEMPTS; attempt += 1) {
      delivery.attempts += 1;
      try {
        const answer = await fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature(payload, secret, nowSeconds()), 'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
          body: payload,
          signal: AbortSignal.timeout(10_000),
        });
        delivery.lastAnswer = answer.status;
        if (answer.ok) return void (delivery.status = 'delivered');
      } catch (err) {
        delivery.lastAnswer = err.message;
      }
      // unref: a sandbox closing (tests) is not kept alive by a retry
      if (attempt < WEBHOOK_ATTEMPTS) await new Promise((resolve) => setTimeout(resolve, WEBHOOK_RETRY_MS * 2 ** (attempt - 1)).unref());
    }
    delivery.status = 'failed';
  }
  const enqueue = (delivery) => {
    delivery.status = 'pending';
    queue = queue.then(() => deliver(delivery));
  };
  return {
    enabled: Boolean((platform.url && platform.secret) || (connect.url && connect.secret)),
    send(type, object, account, apiVersion) {
      const { url, secret } = account ? connect : platform;
      if (!url || !secret) return;
      const event = { id: newId('evt'), object: 'event', api_version: apiVersion ?? null, created: nowSeconds(), type, data: { object: structuredClone(object) }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, ...(account ? { account } : {}) };
      const delivery = { event, status: 'pending', attempts: 0, lastAnswer: null };
      deliveries.set(event.id, delivery);
      enqueue(delivery);
    },
    resend(id) {
      const delivery = deliveries.get(id);
      if (delivery) enqueue(delivery);
      return delivery;
    },
    list: () => [...deliveries.values()].map(({ event, status, attempts, lastAnswer }) => ({ id: event.id, type: event.type, account: event.account ?? null, objectId: event.data.object.id, status, attempts, lastAnswer })),
  };
}

/** Stripe's form encoding of a list of objects: marketing_features[0][name]=… */
const indexedNames = (params, prefix) => {
  const names = [];
  for (const [key, value] of params) {
    const m = new RegExp(`^${prefix}\\[(\\d+)\\]\\[name\\]$`).exec(key);
    if (m) names[Number(m[1])] = value;
  }
  return names.filter((name) => name !== undefined).map((name) => ({ name }));
};
/** A list query's array parameter, however it is encoded: lookup_keys[]=a, lookup_keys[0]=a. */
const listParam = (searchParams, name) => [...searchParams].filter(([key]) => key === name || new RegExp(`^${name}\\[\\d*\\]$`).test(key)).map(([, value]) => value);

function createSandbox({ stripeMockUrl, secretKey, webhookUrl, webhookSecret, connectWebhookUrl, connectWebhookSecret, catalog }) {
  const webhooks = webhookSender({ platform: { url: webhookUrl, secret: webhookSecret }, connect: { url: connectWebhookUrl, secret: connectWebhookSecret } });
  const paymentMethods = new Map(); // id -> PaymentMethod (+ hidden card number)
  const cardNumbers = new Map(); // pm id -> digits
  const setUpCards = new Set(); // pm ids authenticated once (3-D Secure 'on_session' cards then pay off-session)
  const customers = new Map(); // cus id -> {defaultPaymentMethod, paymentMethods: []}
  const subscriptions = new Map(); // sub id -> {status, cancel_at_period_end, metadata}
  const intents = new Map(); // pi id -> PaymentIntent
  const replays = new Map(); // idempotency key -> {status, body}
  const coupons = new Map(); // coupon id -> Coupon
  const promotionCodes = new Map(); // promo id -> PromotionCode
  const products = new Map(); // prod id -> Product
  const prices = new Map(); // price id -> Price
  // Stripe Connect: the account (Stripe-Account header; null: the platform's) each object was created on.
  // Another account asking for it gets Stripe's resource_missing, as on Stripe.
  const owners = new Map(); // object id -> account id or null
  const accountOf = (req) => req.headers['stripe-account'] || null;
  const visible = (id, req) => !id || !owners.has(id) || owners.get(id) === accountOf(req);
  /** A webhook event about an object, from the account it (or `ownerId`, an invoice's subscription) belongs to. */
  const emit = (type, object, ownerId = object.id) => webhooks.send(type, object, owners.get(ownerId) ?? null);

  /** The invoice a subscription's payment paid (stripe-mock's invoices all share one id: each gets its own). */
  const paidInvoice = (subscriptionId, state, intent) => ({
    id: newId('in'),
    object: 'invoice',
    status: 'paid',
    paid: true,
    billing_reason: 'subscription_create',
    customer: state.customer,
    subscription: subscriptionId,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId, metadata: state.metadata } },
    amount_due: intent?.amount ?? 0,
    amount_paid: intent?.amount ?? 0,
    currency: intent?.currency ?? 'usd',
    payment_intent: intent?.id ?? null,
    created: nowSeconds(),
    livemode: false,
  });
  /** A subscription as its events carry it: stripe-mock's shape with the state kept here. */
  const subscriptionObject = (id) => {
    const state = subscriptions.get(id);
    return withSubscriptionState({ ...state.body, id }, state);
  };

  const customer = (id) => customers.get(id) ?? customers.set(id, { defaultPaymentMethod: null, paymentMethods: [] }).get(id);

  async function forward(req, pathAndQuery, body, { asServer = false } = {}) {
    const headers = { 'content-type': 'application/x-www-form-urlencoded' };
    for (const name of ['authorization', 'stripe-account', 'stripe-version']) if (req.headers[name]) headers[name] = req.headers[name];
    if (asServer || !/^Bearer sk_/.test(req.headers.authorization ?? '')) headers.authorization = `Bearer ${secretKey}`;
    const answer = await fetch(`${stripeMockUrl}${pathAndQuery}`, { method: req.method, headers, body: ['GET', 'DELETE'].includes(req.method) ? undefined : body });
    return { status: answer.status, body: await answer.json() };
  }

  const stripeError = (status, error) => ({ status, body: { error } });
  const missing = (kind, id) => stripeError(404, { type: 'invalid_request_error', code: 'resource_missing', param: 'id', message: `No such ${kind}: '${id}'` });

  /** What confirming the intent with its card does: succeeded, requires_action (3-D Secure) or a decline. */
  function confirmWithCard(intent, { offSession }) {
    const rules = TEST_CARDS[cardNumbers.get(intent.payment_method)] ?? {};
    const needs3ds = rules.threeDSecure === 'always' || (rules.threeDSecure === 'on_session' && !setUpCards.has(intent.payment_method));
    if (rules.decline) return decline(intent, rules.decline);
    if (needs3ds && offSession) return decline(intent, { code: 'authentication_required', decline_code: 'authentication_required', message: AUTHENTICATION_REQUIRED });
    if (needs3ds) {
      Object.assign(intent, { status: 'requires_action', next_action: { type: 'use_stripe_sdk', use_stripe_sdk: { type: 'three_d_secure_redirect', stripe_js: `/sandbox/3ds/${intent.id}` } } });
      return null;
    }
    succeed(intent);
    return null;
  }

  function decline(intent, { code, decline_code, message }) {
    const error = { type: 'card_error', code, ...(decline_code ? { decline_code } : {}), message, payment_method: paymentMethods.get(intent.payment_method) ?? null };
    Object.assign(intent, { status: 'requires_payment_method', next_action: null, last_payment_error: error });
    emit('payment_intent.payment_failed', publicIntent(intent));
    const sub = intent.subscriptionId && subscriptions.get(intent.subscriptionId);
    if (sub) emit('invoice.payment_failed', { ...paidInvoice(intent.subscriptionId, sub, intent), status: 'open', paid: false, amount_paid: 0 }, intent.subscriptionId);
    return error;
  }

  function succeed(intent) {
    Object.assign(intent, { status: 'succeeded', next_action: null, last_payment_error: null, amount_received: intent.amount });
    setUpCards.add(intent.payment_method);
    emit('payment_intent.succeeded', publicIntent(intent));
    const sub = intent.subscriptionId && subscriptions.get(intent.subscriptionId);
    if (sub && sub.status === 'incomplete') {
      sub.status = 'active';
      emit('customer.subscription.updated', subscriptionObject(intent.subscriptionId));
      emit('invoice.paid', paidInvoice(intent.subscriptionId, sub, intent), intent.subscriptionId);
    }
  }

  function newIntent(base, fields) {
    const id = newId('pi');
    const intent = { ...base, id, client_secret: `${id}_secret_${crypto.randomBytes(12).toString('hex')}`, created: nowSeconds(), last_payment_error: null, next_action: null, ...fields };
    intents.set(id, intent);
    return intent;
  }

  const metadataOf = (params) => {
    const metadata = {};
    for (const [key, value] of params) {
      const m = /^metadata\[(.+)\]$/.exec(key);
      if (m) metadata[m[1]] = value;
    }
    return metadata;
  };
  const publicIntent = (intent) => {
    const { subscriptionId: _s, ...rest } = intent;
    return rest;
  };
  const withSubscriptionState = (sub, state) => ({
    ...sub,
    ...state.period,
    status: state.status,
    cancel_at_period_end: state.cancel_at_period_end,
    metadata: { ...sub.metadata, ...state.metadata },
    customer: state.customer ?? sub.customer,
    items: sub.items && { ...sub.items, data: (sub.items.data ?? []).map((item) => ({ ...item, ...state.period })) },
  });

  const newProduct = (fields, account) => {
    const product = { id: newId('prod'), object: 'product', active: true, created: nowSeconds(), updated: nowSeconds(), default_price: null, description: null, images: [], livemode: false, marketing_features: [], metadata: {}, name: '', package_dimensions: null, shippable: null, statement_descriptor: null, tax_code: null, unit_label: null, url: null, ...fields };
    products.set(product.id, product);
    owners.set(product.id, account);
    return product;
  };
  const newPrice = (fields, account) => {
    const price = { id: newId('price'), object: 'price', active: true, billing_scheme: 'per_unit', created: nowSeconds(), currency: 'usd', custom_unit_amount: null, livemode: false, lookup_key: null, metadata: {}, nickname: null, recurring: null, tax_behavior: 'unspecified', tiers_mode: null, transform_quantity: null, type: 'one_time', unit_amount: null, unit_amount_decimal: null, ...fields };
    price.type = price.recurring ? 'recurring' : 'one_time';
    price.unit_amount_decimal = price.unit_amount === null ? null : String(price.unit_amount);
    prices.set(price.id, price);
    owners.set(price.id, account);
    return price;
  };
  // The platform's own catalogue: its products exist before any request, as on its Stripe account.
  for (const item of catalog ? catalog.products : []) {
    const { prices: itemPrices = [], marketing_features: features = [], ...fields } = item;
    const product = newProduct({ ...fields, marketing_features: features.map((name) => ({ name })) }, null);
    for (const { interval, ...price } of itemPrices) newPrice({ ...price, product: product.id, recurring: interval ? { interval, interval_count: 1, meter: null, usage_type: 'licensed' } : null }, null);
  }
  /** Stripe's list answer over kept objects (newest first), with limit and starting_after. */
  const listOf = (objects, url, path) => {
    const sorted = [...objects].sort((a, b) => b.created - a.created);
    const after = url.searchParams.get('starting_after');
    const from = after ? sorted.findIndex((o) => o.id === after) + 1 : 0;
    const limit = Number(url.searchParams.get('limit') ?? 10);
    const page = sorted.slice(from, from + limit);
    return { status: 200, body: { object: 'list', data: page, has_more: from + limit < sorted.length, url: path } };
  };
  const boolParam = (params, name) => (params.has(name) ? params.get(name) === 'true' : undefined);

  /** The browser's calls and the services' calls that need state; null: stripe-mock answers as is. */
  async function route(req, url, raw) {
    const params = new URLSearchParams(raw);
    const p = url.pathname.replace(/\/+$/, '');
    let m;

    if (req.method === 'POST' && p === '/v1/payment_methods') {
      const card = { number: params.get('card[number]'), exp_month: params.get('card[exp_month]'), exp_year: params.get('card[exp_year]'), cvc: params.get('card[cvc]') };
      if (!card.number) return null; // tokens and other types: stripe-mock
      const error = cardError(card);
      if (error) return stripeError(402, error);
      const mocked = await forward(req, '/v1/payment_methods', new URLSearchParams({ type: 'card', 'card[token]': 'tok_visa' }).toString(), { asServer: true });
      if (mocked.status !== 200) return mocked;
      const digits = card.number.replace(/\s+/g, '');
      const rules = TEST_CARDS[digits];
      const billing = (field) => params.get(`billing_details[${field}]`) || null;
      const address = (field) => params.get(`billing_details[address][${field}]`) || null;
      const method = {
        ...mocked.body,
        id: newId('pm'),
        type: 'card',
        created: nowSeconds(),
        customer: null,
        livemode: false,
        billing_details: {
          name: billing('name'),
          email: billing('email'),
          phone: billing('phone'),
          address: { line1: address('line1'), line2: address('line2'), city: address('city'), state: address('state'), postal_code: address('postal_code'), country: address('country') },
        },
        card: { ...mocked.body.card, brand: rules?.brand ?? brandOf(digits), funding: rules?.funding ?? 'credit', last4: digits.slice(-4), exp_month: Number(card.exp_month), exp_year: Number(card.exp_year) < 100 ? 2000 + Number(card.exp_year) : Number(card.exp_year), country: 'US' },
      };
      paymentMethods.set(method.id, method);
      cardNumbers.set(method.id, digits);
      return { status: 200, body: method };
    }

    if ((m = /^\/v1\/payment_methods\/([^/]+)\/attach$/.exec(p)) && req.method === 'POST' && paymentMethods.has(m[1])) {
      const method = paymentMethods.get(m[1]);
      method.customer = params.get('customer');
      const owner = customer(method.customer);
      if (!owner.paymentMethods.includes(method.id)) owner.paymentMethods.unshift(method.id);
      return { status: 200, body: method };
    }
    if ((m = /^\/v1\/payment_methods\/([^/]+)$/.exec(p)) && req.method === 'GET' && paymentMethods.has(m[1])) return { status: 200, body: paymentMethods.get(m[1]) };
    if (p === '/v1/payment_methods' && req.method === 'GET' && customers.get(url.searchParams.get('customer'))?.paymentMethods.length) {
      const data = customers.get(url.searchParams.get('customer')).paymentMethods.map((id) => paymentMethods.get(id));
      const limit = Number(url.searchParams.get('limit') ?? 10);
      return { status: 200, body: { object: 'list', data: data.slice(0, limit), has_more: data.length > limit, url: '/v1/payment_methods' } };
    }

    if (p === '/v1/customers' && req.method === 'POST') {
      const mocked = await forward(req, url.pathname + url.search, raw);
      if (mocked.status === 200) mocked.body.id = newId('cus');
      return mocked;
    }
    if ((m = /^\/v1\/customers\/([^/]+)$/.exec(p)) && req.method === 'POST' && params.has('invoice_settings[default_payment_method]')) {
      customer(m[1]).defaultPaymentMethod = params.get('invoice_settings[default_payment_method]');
      return null;
    }

    if (p === '/v1/subscriptions' && req.method === 'POST') {
      const mocked = await forward(req, url.pathname + url.search, raw);
      if (mocked.status !== 200) return mocked;
      const sub = mocked.body;
      sub.id = newId('sub');
      const owner = customers.get(params.get('customer'));
      const pm = params.get('default_payment_method') || owner?.defaultPaymentMethod || owner?.paymentMethods[0];
      // stripe-mock's fixed dates are from 2000: a new subscription's period starts now and lasts a month.
      const start = new Date();
      const end = new Date(start);
      end.setUTCMonth(end.getUTCMonth() + 1);
      const period = { current_period_start: Math.floor(start.getTime() / 1000), current_period_end: Math.floor(end.getTime() / 1000) };
      const state = { status: sub.status, cancel_at_period_end: false, metadata: metadataOf(params), customer: params.get('customer'), period, body: sub };
      subscriptions.set(sub.id, state);
      owners.set(sub.id, accountOf(req));
      const charged = Boolean(pm && cardNumbers.has(pm));
      if (charged) state.status = 'incomplete';
      emit('customer.subscription.created', subscriptionObject(sub.id));
      // a subscription stripe-mock answers active without a card of ours was paid at once
      if (!charged && state.status === 'active') emit('invoice.paid', paidInvoice(sub.id, state, null), sub.id);
      if (charged) {
        const invoice = typeof sub.latest_invoice === 'object' && sub.latest_invoice ? sub.latest_invoice : null;
        const intent = newIntent({ object: 'payment_intent', livemode: false, payment_method_types: ['card'], metadata: {} }, {
          amount: invoice?.amount_due ?? 0,
          currency: invoice?.currency ?? 'usd',
          customer: state.customer,
          payment_method: pm,
          status: 'requires_confirmation',
          subscriptionId: sub.id,
        });
        owners.set(intent.id, accountOf(req));
        // default_incomplete leaves the first payment to the browser (confirmCardPayment); otherwise Stripe charges at once.
        if (params.get('payment_behavior') !== 'default_incomplete') confirmWithCard(intent, { offSession: false });
        if (intent.status === 'succeeded') state.status = 'active';
        if (invoice) {
          invoice.confirmation_secret = intent.status === 'succeeded' ? null : { client_secret: intent.client_secret, type: 'payment_intent' };
          invoice.status = intent.status === 'succeeded' ? 'paid' : 'open';
          invoice.subscription = sub.id;
        }
      }
      return { status: 200, body: withSubscriptionState(sub, state) };
    }
    if ((m = /^\/v1\/subscriptions\/([^/]+)$/.exec(p)) && subscriptions.has(m[1])) {
      const state = subscriptions.get(m[1]);
      if (req.method === 'POST') {
        if (params.has('cancel_at_period_end')) state.cancel_at_period_end = params.get('cancel_at_period_end') === 'true';
        Object.assign(state.metadata, metadataOf(params));
      }
      if (req.method === 'DELETE') state.status = 'canceled';
      const mocked = await forward(req, url.pathname + url.search, raw);
      if (mocked.status !== 200) return mocked;
      const body = withSubscriptionState({ ...mocked.body, id: m[1] }, state);
      if (req.method === 'POST') emit('customer.subscription.updated', body);
      if (req.method === 'DELETE') emit('customer.subscription.deleted', body);
      return { status: 200, body };
    }

    if (p === '/v1/coupons' && req.method === 'POST') {
      const mocked = await forward(req, url.pathname + url.search, raw);
      if (mocked.status !== 200) return mocked;
      const number = (name) => (params.has(name) ? Number(params.get(name)) : null);
      const coupon = { ...mocked.body, id: params.get('id') || newId('cpn'), valid: true, name: params.get('name') || null, percent_off: number('percent_off'), amount_off: number('amount_off'), currency: params.get('currency') || null, duration: params.get('duration') || 'once', metadata: metadataOf(params) };
      coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    if ((m = /^\/v1\/coupons\/([^/]+)$/.exec(p)) && req.method === 'GET' && coupons.has(m[1])) return { status: 200, body: coupons.get(m[1]) };
    if (p === '/v1/promotion_codes' && req.method === 'POST') {
      const couponId = params.get('promotion[coupon]') || params.get('coupon');
      if (!coupons.has(couponId)) return missing('coupon', couponId);
      const mocked = await forward(req, url.pathname + url.search, raw);
      if (mocked.status !== 200) return mocked;
      const code = { ...mocked.body, id: newId('promo'), code: params.get('code') || crypto.randomBytes(4).toString('hex').toUpperCase(), active: params.get('active') !== 'false', coupon: coupons.get(couponId), promotion: { type: 'coupon', coupon: couponId }, expires_at: null, max_redemptions: null, times_redeemed: 0, metadata: metadataOf(params) };
      promotionCodes.set(code.id, code);
      return { status: 200, body: code };
    }
    if (p === '/v1/promotion_codes' && req.method === 'GET' && promotionCodes.size) {
      const wanted = url.searchParams.get('code');
      const active = url.searchParams.get('active');
      const data = [...promotionCodes.values()].filter((c) => visible(c.id, req) && (!wanted || c.code.toLowerCase() === wanted.toLowerCase()) && (active === null || String(c.active) === active));
      return { status: 200, body: { object: 'list', data: data.slice(0, Number(url.searchParams.get('limit') ?? 10)), has_more: false, url: '/v1/promotion_codes' } };
    }

    if (p === '/v1/products' && req.method === 'POST') {
      const mocked = await forward(req, url.pathname + url.search, raw);
      if (mocked.status !== 200) return mocked;
      const fields = { name: params.get('name') ?? '', description: params.get('description') || null, active: boolParam(params, 'active') ?? true, metadata: metadataOf(params), marketing_features: indexedNames(params, 'marketing_features') };
      return { status: 200, body: newProduct(params.get('id') ? { ...fields, id: params.get('id') } : fields, accountOf(req)) };
    }
    if ((m = /^\/v1\/products\/([^/]+)$/.exec(p)) && products.has(m[1]) && visible(m[1], req)) {
      const product = products.get(m[1]);
      if (req.method === 'POST') {
        if (params.has('name')) product.name = params.get('name');
        if (params.has('description')) product.description = params.get('description') || null;
        if (params.has('active')) product.active = params.get('active') === 'true';
        Object.assign(product.metadata, metadataOf(params));
        product.updated = nowSeconds();
      }
      return { status: 200, body: product };
    }
    if (p === '/v1/products' && req.method === 'GET' && [...products.keys()].some((id) => owners.get(id) === accountOf(req))) {
      const active = url.searchParams.get('active');
      return listOf([...products.values()].filter((product) => owners.get(product.id) === accountOf(req) && (active === null || String(product.active) === active)), url, '/v1/products');
    }
    if (p === '/v1/prices' && req.method === 'POST') {
      const mocked = await forward(req, url.pathname + url.search, raw);
      if (mocked.status !== 200) return mocked;
      const interval = params.get('recurring[interval]');
      return {
        status: 200,
        body: newPrice(
          {
            product: params.get('product'),
            currency: (params.get('currency') ?? 'usd').toLowerCase(),
            unit_amount: params.has('unit_amount') ? Number(params.get('unit_amount')) : null,
            recurring: interval ? { interval, interval_count: Number(params.get('recurring[interval_count]') ?? 1), meter: null, usage_type: 'licensed' } : null,
            active: boolParam(params, 'active') ?? true,
            lookup_key: params.get('lookup_key') || null,
            nickname: params.get('nickname') || null,
            metadata: metadataOf(params),
          },
          accountOf(req),
        ),
      };
    }
    if ((m = /^\/v1\/prices\/([^/]+)$/.exec(p)) && prices.has(m[1]) && visible(m[1], req)) {
      const price = prices.get(m[1]);
      if (req.method === 'POST') {
        if (params.has('active')) price.active = params.get('active') === 'true';
        if (params.has('nickname')) price.nickname = params.get('nickname') || null;
        Object.assign(price.metadata, metadataOf(params));
      }
      return { status: 200, body: price };
    }
    if (p === '/v1/prices' && req.method === 'GET' && [...prices.keys()].some((id) => owners.get(id) === accountOf(req))) {
      const q = url.searchParams;
      const lookupKeys = listParam(q, 'lookup_keys');
      const expandProduct = listParam(q, 'expand').includes('data.product');
      const data = [...prices.values()].filter(
        (price) =>
          owners.get(price.id) === accountOf(req) &&
          (q.get('active') === null || String(price.active) === q.get('active')) &&
          (!q.get('type') || price.type === q.get('type')) &&
          (!q.get('product') || price.product === q.get('product')) &&
          (!q.get('currency') || price.currency === q.get('currency')) &&
          (!lookupKeys.length || lookupKeys.includes(price.lookup_key)),
      );
      const answer = listOf(data, url, '/v1/prices');
      if (expandProduct) answer.body.data = answer.body.data.map((price) => ({ ...price, product: products.get(price.product) ?? price.product }));
      return answer;
    }

    if (p === '/v1/payment_intents' && req.method === 'POST') {
      const owner = customers.get(params.get('customer'));
      const pm = params.get('payment_method') || owner?.defaultPaymentMethod;
      if (!pm || !cardNumbers.has(pm)) return null;
      const mocked = await forward(req, url.pathname + url.search, raw);
      if (mocked.status !== 200) return mocked;
      const intent = newIntent(mocked.body, {
        amount: Number(params.get('amount')),
        currency: params.get('currency'),
        customer: params.get('customer'),
        payment_method: pm,
        metadata: metadataOf(params),
        status: 'requires_confirmation',
        amount_received: 0,
      });
      owners.set(intent.id, accountOf(req));
      if (params.get('confirm') === 'true') {
        const error = confirmWithCard(intent, { offSession: params.get('off_session') === 'true' });
        if (error) return stripeError(402, { ...error, payment_intent: publicIntent(intent) });
      }
      return { status: 200, body: publicIntent(intent) };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(p)) && req.method === 'POST') {
      const intent = intents.get(m[1]);
      if (!intent) return missing('payment_intent', m[1]);
      if (!isSecretKey(req) && params.get('client_secret') !== intent.client_secret) return stripeError(400, { type: 'invalid_request_error', message: 'The client_secret provided does not match the client_secret associated with the PaymentIntent.', param: 'client_secret' });
      if (intent.status === 'succeeded') return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: 'You cannot confirm this PaymentIntent because it has already succeeded after being previously confirmed.', payment_intent: publicIntent(intent) });
      if (params.get('payment_method')) intent.payment_method = params.get('payment_method');
      if (!cardNumbers.has(intent.payment_method)) return stripeError(400, { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_method', message: `No such PaymentMethod: '${intent.payment_method}'` });
      const error = confirmWithCard(intent, { offSession: params.get('off_session') === 'true' });
      if (error) return stripeError(402, { ...error, payment_intent: publicIntent(intent) });
      return { status: 200, body: publicIntent(intent) };
    }
    if ((m = /^\/v1\/payment_intents\/([^/]+)$/.exec(p)) && req.method === 'GET' && intents.has(m[1])) {
      const intent = intents.get(m[1]);
      if (!isSecretKey(req) && url.searchParams.get('client_secret') !== intent.client_secret) return missing('payment_intent', m[1]);
      return { status: 200, body: publicIntent(intent) };
    }

    if (p === '/sandbox/webhooks' && req.method === 'GET') return { status: 200, body: { enabled: webhooks.enabled, url: webhookUrl ?? null, connectUrl: connectWebhookUrl ?? null, deliveries: webhooks.list() } };
    if ((m = /^\/sandbox\/webhooks\/([^/]+)\/resend$/.exec(p)) && req.method === 'POST') {
      return webhooks.resend(m[1]) ? { status: 200, body: { resent: m[1] } } : missing('event', m[1]);
    }
    if ((m = /^\/sandbox\/3ds\/([^/]+)$/.exec(p)) && req.method === 'POST') {
      const body = raw ? JSON.parse(raw) : {};
      const intent = intents.get(m[1]);
      if (!intent || body.client_secret !== intent.client_secret) return missing('payment_intent', m[1]);
      if (intent.status !== 'requires_action') return stripeError(400, { type: 'invalid_request_error', code: 'payment_intent_unexpected_state', message: `This PaymentIntent's status is ${intent.status}: there is no authentication to answer.` });
      if (body.outcome === 'complete') succeed(intent);
      else decline(intent, { code: 'payment_intent_authentication_failure', message: AUTHENTICATION_FAILED });
      return { status: 200, body: publicIntent(intent) };
    }
    return null;
  }

  /** resource_missing for an object of another account named by the path or by customer / payment_method / subscription. */
  function connectScope(req, url, raw) {
    const params = new URLSearchParams(raw);
    const named = [/^\/(?:v1\/[a-z_]+|sandbox\/3ds)\/([a-z]+_[A-Za-z0-9]+)/.exec(url.pathname)?.[1], ...['customer', 'payment_method', 'subscription'].map((name) => params.get(name) ?? url.searchParams.get(name))];
    const hidden = named.find((id) => !visible(id, req));
    return hidden ? missing(hidden.split('_')[0] === 'cus' ? 'customer' : 'object', hidden) : null;
  }

  const isSecretKey = (req) => /^Bearer sk_/.test(req.headers.authorization ?? '');

  async function handle(req, res) {
    const url = new URL(req.url, 'http://sandbox');
    res.setHeader('access-control-allow-origin', '*');
    res.setHeader('access-control-allow-headers', 'authorization, content-type, stripe-version, stripe-account');
    res.setHeader('access-control-allow-methods', 'GET, POST, DELETE');
    if (req.method === 'OPTIONS') return res.writeHead(204).end();
    if (url.pathname === '/healthz') return send(res, 200, { ok: true });
    if (req.method === 'GET' && /^\/(v3\/?|[a-z]+\/stripe\.js)$/.test(url.pathname)) {
      res.setHeader('cache-control', 'no-cache');
      res.setHeader('cross-origin-resource-policy', 'cross-origin');
      return send(res, 200, SCRIPT, 'application/javascript');
    }
    if (!url.pathname.startsWith('/v1/') && !url.pathname.startsWith('/sandbox/')) return send(res, 404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${url.pathname}).` } });
    const chunks = [];
    for await (const chunk of req) chunks.push(chunk);
    const raw = Buffer.concat(chunks).toString('utf8');
    if (url.pathname.startsWith('/v1/') && !/^Bearer (sk|pk)_test_/.test(req.headers.authorization ?? ''))
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. \'Authorization: Bearer YOUR_SECRET_KEY\').' } });

    const key = req.method === 'POST' && req.headers['idempotency-key'] ? `${req.headers.authorization} ${accountOf(req)} ${url.pathname} ${req.headers['idempotency-key']}` : null;
    if (key && replays.has(key)) {
      res.setHeader('idempotent-replayed', 'true');
      const { status, body } = replays.get(key);
      return send(res, status, body);
    }
    try {
      const answer = (await connectScope(req, url, raw)) ?? (await route(req, url, raw)) ?? (await forward(req, url.pathname + url.search, raw));
      // a created object belongs to the account it was created on
      if (req.method === 'POST' && answer.status === 200 && answer.body?.id && /^\/v1\/[a-z_]+\/?$/.test(url.pathname)) owners.set(answer.body.id, accountOf(req));
      if (key && answer.status < 500) replays.set(key, answer);
      send(res, answer.status, answer.body);
    } catch (err) {
      send(res, 500, { error: { type: 'api_error', message: `stripe-js sandbox: ${err.message}` } });
    }
  }

  return http.createServer((req, res) => void handle(req, res));
}

/** The platform's catalogue (catalog.json), unless turned off. */
const loadCatalog = (catalog) => (catalog === false || process.argv.includes('--no-catalog') ? null : (catalog ?? JSON.parse(fs.readFileSync(path.join(__dirname, 'catalog.json'), 'utf8'))));

function start({ port, host = '127.0.0.1', stripeMockUrl, secretKey, webhookUrl, webhookSecret, connectWebhookUrl, connectWebhookSecret, catalog } = {}) {
  const server = createSandbox({
    catalog: loadCatalog(catalog),
    stripeMockUrl: (stripeMockUrl ?? cliArg('--stripe-mock') ?? process.env.STRIPE_MOCK_URL ?? 'http://127.0.0.1:12111').replace(/\/+$/, ''),
    secretKey: secretKey ?? cliArg('--secret-key') ?? 'sk_test_123',
    webhookUrl: webhookUrl ?? cliArg('--webhook-url') ?? (process.env.STRIPE_WEBHOOK_URL || undefined),
    webhookSecret: webhookSecret ?? process.env.STRIPE_WEBHOOK_SECRET,
    connectWebhookUrl: connectWebhookUrl ?? cliArg('--connect-webhook-url') ?? (process.env.STRIPE_CONNECT_WEBHOOK_URL || undefined),
    connectWebhookSecret: connectWebhookSecret ?? process.env.STRIPE_CONNECT_WEBHOOK_SECRET,
  });
  return listen(server, Number(port ?? cliArg('--port') ?? process.env.STRIPE_JS_SANDBOX_PORT ?? 4160), cliArg('--host') ?? host);
}

module.exports = { start };
if (require.main === module) runFromCli('stripe-js sandbox', () => start());
