/*
 * The stripe-js sandbox's Stripe.js: window.Stripe as https://js.stripe.com/v3 defines it, for
 * the calls this product makes (elements, the card element, createPaymentMethod,
 * confirmCardPayment with 3-D Secure, retrievePaymentIntent). It talks to the sandbox it was
 * loaded from. Served by server.js; the card rules below are cards.js, inlined.
 */
(function () {
  'use strict';
  if (window.Stripe) return;
  var cardsModule = { exports: {} };
  (function (module) {
    /*CARD_RULES*/
  })(cardsModule);
  var cards = cardsModule.exports;
  var script = document.currentScript;
  var API = new URL(script ? script.src : window.location.href).origin;

  function IntegrationError(message) {
    var error = new Error(message);
    error.name = 'IntegrationError';
    return error;
  }

  /** application/x-www-form-urlencoded with Stripe's nested keys (a[b][c]=v). */
  function encode(value, prefix, out) {
    out = out || [];
    if (value === undefined || value === null) return out;
    if (typeof value === 'object') {
      Object.keys(value).forEach(function (k) {
        encode(value[k], prefix ? prefix + '[' + k + ']' : k, out);
      });
    } else out.push(encodeURIComponent(prefix) + '=' + encodeURIComponent(String(value)));
    return out;
  }

  // `account`: Stripe({stripeAccount}) acts on a connected account, as Stripe.js does (the Stripe-Account header).
  function request(key, method, path, params, account) {
    var body = method === 'GET' ? undefined : encode(params || {}).join('&');
    var url = API + path + (method === 'GET' && params ? '?' + encode(params).join('&') : '');
    var headers = { authorization: 'Bearer ' + key, 'content-type': 'application/x-www-form-urlencoded' };
    if (account) headers['stripe-account'] = account;
    return fetch(url, { method: method, headers: headers, body: body })
      .then(function (res) {
        return res.json();
      })
      .catch(function () {
        return { error: { type: 'api_connection_error', message: 'An error occurred with our connection to Stripe. Request was retried 0 times.' } };
      });
  }

  // ---- the card element ------------------------------------------------------------------
  var CARD_FIELDS = [
    { name: 'cardnumber', label: 'Credit or debit card number', placeholder: '1234 1234 1234 1234', autocomplete: 'cc-number', flex: '3 1 0' },
    { name: 'exp-date', label: 'Credit or debit card expiration date', placeholder: 'MM / YY', autocomplete: 'cc-exp', flex: '1 1 0' },
    { name: 'cvc', label: 'Credit or debit card CVC/CVV', placeholder: 'CVC', autocomplete: 'cc-csc', flex: '1 1 0' },
    { name: 'postal', label: 'ZIP', placeholder: 'ZIP', autocomplete: 'postal-code', flex: '1 1 0' },
  ];

  function formatNumber(digits) {
    var groups = cards.brandOf(digits) === 'amex' ? [4, 6, 5] : [4, 4, 4, 4, 3];
    var out = [];
    var at = 0;
    for (var i = 0; i < groups.length && at < digits.length; i++) {
      out.push(digits.slice(at, at + groups[i]));
      at += groups[i];
    }
    return out.join(' ');
  }

  /** The number, expiry and CVC as the card element judges them while typing: an error, or null. */
  function validate(values, final) {
    var digits = values.cardnumber.replace(/\D/g, '');
    var maxLength = cards.brandOf(digits) === 'amex' ? 15 : 16;
    if (digits.length && digits.length >= maxLength && !cards.luhn(digits)) return { code: 'invalid_number', message: 'Your card number is invalid.', field: 'cardnumber' };
    if (final && digits.length < maxLength) return { code: 'incomplete_number', message: 'Your card number is incomplete.', field: 'cardnumber' };
    var exp = /^(\d{2}) \/ (\d{2})$/.exec(values['exp-date']);
    if (exp) {
      var month = Number(exp[1]);
      var year = 2000 + Number(exp[2]);
      var now = new Date();
      if (month < 1 || month > 12) return { code: 'invalid_expiry_month', message: "Your card's expiration date is invalid.", field: 'exp-date' };
      if (year < now.getFullYear()) return { code: 'invalid_expiry_year_past', message: "Your card's expiration year is in the past.", field: 'exp-date' };
      if (year === now.getFullYear() && month < now.getMonth() + 1) return { code: 'invalid_expiry_month_past', message: "Your card's expiration date is in the past.", field: 'exp-date' };
    } else if (final) return { code: 'incomplete_expiry', message: "Your card's expiration date is incomplete.", field: 'exp-date' };
    var cvcLength = cards.brandOf(digits) === 'amex' ? 4 : 3;
    if (final && values.cvc.length < cvcLength) return { code: 'incomplete_cvc', message: "Your card's security code is incomplete.", field: 'cvc' };
    if (final && values.postal !== undefined && !values.postal.trim()) return { code: 'incomplete_zip', message: 'Your postal code is incomplete.', field: 'postal' };
    return null;
  }

  function CardElement(group, options) {
    this._group = group;
    this._options = options || {};
    this._handlers = {};
    this._values = { cardnumber: '', 'exp-date': '', cvc: '' };
    if (!this._options.hidePostalCode) this._values.postal = (this._options.value && this._options.value.postalCode) || '';
    this._inputs = {};
    this._root = null;
    this._lastError = null;
  }
  CardElement.prototype.on = function (event, handler) {
    (this._handlers[event] = this._handlers[event] || []).push(handler);
    return this;
  };
  CardElement.prototype.off = function (event, handler) {
    var list = this._handlers[event] || [];
    this._handlers[event] = handler ? list.filter(function (h) { return h !== handler; }) : [];
    return this;
  };
  CardElement.prototype.once = function (event, handler) {
    var self = this;
    var wrapped = function (e) {
      self.off(event, wrapped);
      handler(e);
    };
    return this.on(event, wrapped);
  };
  CardElement.prototype._emit = function (event, payload) {
    (this._handlers[event] || []).slice().forEach(function (h) {
      h(payload);
    });
  };
  CardElement.prototype._state = function () {
    var values = this._values;
    var digits = values.cardnumber.replace(/\D/g, '');
    var empty = !digits && !values['exp-date'] && !values.cvc && !(values.postal || '');
    var error = validate(values, false);
    var complete = !validate(values, true);
    return { elementType: 'card', empty: empty, complete: complete, brand: digits ? cards.brandOf(digits) : 'unknown', value: values.postal !== undefined ? { postalCode: values.postal } : {}, error: error ? { type: 'validation_error', code: error.code, message: error.message } : undefined };
  };
  CardElement.prototype.mount = function (target) {
    var node = typeof target === 'string' ? document.querySelector(target) : target;
    if (!node) throw IntegrationError('The selector you specified (' + target + ') applies to no DOM elements that are currently on the page.');
    if (this._root) throw IntegrationError('This Element is already mounted. Use `unmount()` to unmount the Element before re-mounting.');
    var self = this;
    var root = document.createElement('div');
    root.className = 'StripeElement StripeElement--empty';
    root.setAttribute('data-stripe-sandbox', 'card');
    root.style.cssText = 'display:flex;gap:8px;align-items:center;width:100%;font:inherit;';
    var style = (this._options.style && this._options.style.base) || {};
    CARD_FIELDS.forEach(function (field) {
      if (!(field.name in self._values)) return;
      var input = document.createElement('input');
      input.name = field.name;
      input.setAttribute('aria-label', field.label);
      input.placeholder = field.placeholder;
      input.autocomplete = field.autocomplete;
      input.inputMode = field.name === 'postal' ? 'text' : 'numeric';
      input.value = self._values[field.name];
      input.style.cssText = 'flex:' + field.flex + ';min-width:0;border:0;outline:0;background:transparent;padding:2px 0;font:inherit;' + 'color:' + (style.color || 'inherit') + ';font-size:' + (style.fontSize || 'inherit') + ';';
      input.addEventListener('input', function () {
        self._onInput(field.name, input);
      });
      input.addEventListener('focus', function () {
        root.classList.add('StripeElement--focus');
        self._emit('focus', { elementType: 'card' });
      });
      input.addEventListener('blur', function () {
        root.classList.remove('StripeElement--focus');
        self._emit('blur', { elementType: 'card' });
      });
      input.addEventListener('keydown', function (e) {
        if (e.key === 'Escape') self._emit('escape', { elementType: 'card' });
      });
      self._inputs[field.name] = input;
      root.appendChild(input);
    });
    node.appendChild(root);
    this._root = root;
    setTimeout(function () {
      self._emit('ready', { elementType: 'card' });
    }, 0);
  };
  CardElement.prototype._onInput = function (name, input) {
    var raw = input.value;
    var value = raw;
    if (name === 'cardnumber') {
      var digits = raw.replace(/\D/g, '').slice(0, cards.brandOf(raw.replace(/\D/g, '')) === 'amex' ? 15 : 16);
      value = formatNumber(digits);
    } else if (name === 'exp-date') {
      var d = raw.replace(/\D/g, '').slice(0, 4);
      if (d.length === 1 && Number(d) > 1) d = '0' + d;
      value = d.length > 2 ? d.slice(0, 2) + ' / ' + d.slice(2) : d.length === 2 && !/\/\s*$/.test(this._values['exp-date']) && raw.length >= this._values['exp-date'].length ? d + ' / ' : d;
    } else if (name === 'cvc') value = raw.replace(/\D/g, '').slice(0, 4);
    input.value = value;
    this._values[name] = value;
    var state = this._state();
    this._root.classList.toggle('StripeElement--empty', state.empty);
    this._root.classList.toggle('StripeElement--complete', state.complete);
    this._root.classList.toggle('StripeElement--invalid', Boolean(state.error));
    this._emit('change', state);
    // Like Stripe's element, a complete field hands the focus on to the next one.
    var next = { cardnumber: 'exp-date', 'exp-date': 'cvc', cvc: 'postal' }[name];
    var fieldDone = (name === 'cardnumber' && value.replace(/\D/g, '').length === (cards.brandOf(value.replace(/\D/g, '')) === 'amex' ? 15 : 16)) || (name === 'exp-date' && value.length === 7) || (name === 'cvc' && value.length === 3 && cards.brandOf(this._values.cardnumber.replace(/\D/g, '')) !== 'amex');
    if (fieldDone && next && this._inputs[next] && !(state.error && state.error.code === 'invalid_number')) this._inputs[next].focus();
  };
  CardElement.prototype.update = function (options) {
    Object.assign(this._options, options || {});
  };
  CardElement.prototype.focus = function () {
    if (this._inputs.cardnumber) this._inputs.cardnumber.focus();
  };
  CardElement.prototype.blur = function () {
    var active = document.activeElement;
    if (active && active.blur) active.blur();
  };
  CardElement.prototype.clear = function () {
    var self = this;
    Object.keys(this._values).forEach(function (k) {
      self._values[k] = '';
      if (self._inputs[k]) self._inputs[k].value = '';
    });
    this._emit('change', this._state());
  };
  CardElement.prototype.unmount = function () {
    if (this._root && this._root.parentNode) this._root.parentNode.removeChild(this._root);
    this._root = null;
    this._inputs = {};
  };
  CardElement.prototype.destroy = function () {
    this.unmount();
    this._group._remove(this);
    this._destroyed = true;
  };
  /** The card as Stripe's API takes it, or the validation error Stripe.js answers with. */
  CardElement.prototype._cardParams = function () {
    if (this._destroyed || !this._root) return { error: IntegrationError('We could not retrieve data from the specified Element. Please make sure the Element you are attempting to use is still mounted.') };
    var error = validate(this._values, true);
    if (error) return { error: { type: 'validation_error', code: error.code, message: error.message } };
    var exp = /^(\d{2}) \/ (\d{2})$/.exec(this._values['exp-date']);
    return { card: { number: this._values.cardnumber.replace(/\D/g, ''), exp_month: Number(exp[1]), exp_year: 2000 + Number(exp[2]), cvc: this._values.cvc }, postal: this._values.postal };
  };

  function Elements(stripe, options) {
    this._stripe = stripe;
    this._options = options || {};
    this._elements = [];
  }
  Elements.prototype.create = function (type, options) {
    if (type !== 'card') throw IntegrationError('The stripe-js sandbox implements the card Element only; got: ' + type);
    if (this.getElement('card')) throw IntegrationError('Can only create one Element of type card.');
    var element = new CardElement(this, options);
    this._elements.push(element);
    return element;
  };
  Elements.prototype.getElement = function (type) {
    var wanted = typeof type === 'string' ? type : type && type.__elementType;
    return this._elements.filter(function () { return wanted === 'card'; })[0] || null;
  };
  Elements.prototype.update = function (options) {
    Object.assign(this._options, options || {});
  };
  Elements.prototype.fetchUpdates = function () {
    return Promise.resolve({});
  };
  Elements.prototype._remove = function (element) {
    this._elements = this._elements.filter(function (e) { return e !== element; });
  };

  // ---- 3-D Secure -------------------------------------------------------------------------
  /** Stripe's test authentication page, in a modal: resolves with the person's answer. */
  function challenge() {
    return new Promise(function (resolve) {
      var overlay = document.createElement('div');
      overlay.setAttribute('data-stripe-sandbox', '3ds');
      overlay.setAttribute('role', 'dialog');
      overlay.setAttribute('aria-modal', 'true');
      overlay.setAttribute('aria-label', '3D Secure authentication');
      overlay.style.cssText = 'position:fixed;inset:0;z-index:2147483647;background:rgba(0,0,0,.55);display:flex;align-items:center;justify-content:center;font-family:system-ui,sans-serif;';
      var box = document.createElement('div');
      box.style.cssText = 'background:#fff;color:#1a1f36;border-radius:8px;padding:24px;width:380px;max-width:90vw;box-shadow:0 10px 40px rgba(0,0,0,.3);';
      box.innerHTML =
        '<div style="font-size:12px;letter-spacing:.08em;color:#697386;text-transform:uppercase">Test mode · stripe-js sandbox</div>' +
        '<h2 style="margin:8px 0 12px;font-size:20px">3D Secure 2 Test Page</h2>' +
        '<p style="margin:0 0 16px;font-size:14px;line-height:1.5">Your bank asks you to confirm this payment. Complete or fail this test authentication.</p>';
      var row = document.createElement('div');
      row.style.cssText = 'display:flex;gap:12px;';
      [
        ['complete', 'Complete authentication', '#635bff', '#fff'],
        ['fail', 'Fail authentication', '#fff', '#cd3d64'],
      ].forEach(function (b) {
        var button = document.createElement('button');
        button.type = 'button';
        button.textContent = b[1];
        button.style.cssText = 'flex:1;padding:10px 12px;border-radius:6px;border:1px solid ' + (b[0] === 'fail' ? '#cd3d64' : '#635bff') + ';background:' + b[2] + ';color:' + b[3] + ';font-weight:600;cursor:pointer;';
        button.addEventListener('click', function () {
          overlay.parentNode.removeChild(overlay);
          resolve(b[0]);
        });
        row.appendChild(button);
      });
      box.appendChild(row);
      overlay.appendChild(box);
      document.body.appendChild(overlay);
    });
  }

  function intentIdOf(clientSecret) {
    var m = /^(pi_[^_]+)_secret_/.exec(clientSecret || '');
    if (!m) throw IntegrationError('Invalid value for confirmCardPayment: client_secret should be a client secret of the form ${id}_secret_${secret}. You specified: ' + clientSecret + '.');
    return m[1];
  }

  // ---- Stripe -------------------------------------------------------------------------------
  function StripeInstance(key, options) {
    this._key = key;
    this._options = options || {};
    this._wrappers = [];
    this._appInfo = null;
  }
  StripeInstance.prototype._request = function (method, path, params) {
    return request(this._key, method, path, params, this._options.stripeAccount);
  };
  StripeInstance.prototype._registerWrapper = function (wrapper) {
    this._wrappers.push(wrapper);
  };
  StripeInstance.prototype.registerAppInfo = function (info) {
    this._appInfo = info;
  };
  StripeInstance.prototype.elements = function (options) {
    return new Elements(this, options);
  };
  StripeInstance.prototype.createPaymentMethod = function (typeOrParams, element, data) {
    var params = typeof typeOrParams === 'string' ? Object.assign({ type: typeOrParams, card: element }, data || {}) : typeOrParams || {};
    if (params.type !== 'card') return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The stripe-js sandbox creates card PaymentMethods only.' } });
    var card = params.card instanceof CardElement ? params.card._cardParams() : null;
    if (!card) return Promise.reject(IntegrationError('Invalid value for createPaymentMethod: card should be an object or element. You specified: ' + typeof params.card + '.'));
    if (card.error) return card.error instanceof Error ? Promise.reject(card.error) : Promise.resolve({ error: card.error });
    var details = Object.assign({}, params.billing_details || {});
    if (card.postal !== undefined) details.address = Object.assign({ postal_code: card.postal }, details.address || {});
    return this._request('POST', '/v1/payment_methods', { type: 'card', card: card.card, billing_details: details, metadata: params.metadata }).then(function (answer) {
      return answer.error ? { error: answer.error } : { paymentMethod: answer };
    });
  };
  StripeInstance.prototype.createToken = function () {
    return Promise.resolve({ error: { type: 'invalid_request_error', message: 'The stripe-js sandbox does not create tokens: use createPaymentMethod.' } });
  };
  StripeInstance.prototype.retrievePaymentIntent = function (clientSecret) {
    return this._request('GET', '/v1/payment_intents/' + intentIdOf(clientSecret), { client_secret: clientSecret }).then(function (answer) {
      return answer.error ? { error: answer.error } : { paymentIntent: answer };
    });
  };
  StripeInstance.prototype.confirmCardPayment = function (clientSecret, data, options) {
    var self = this;
    var id = intentIdOf(clientSecret);
    data = data || {};
    var handleActions = !options || options.handleActions !== false;
    var pm = data.payment_method;
    var method = Promise.resolve(typeof pm === 'string' || pm === undefined ? { id: pm } : null);
    if (pm && typeof pm === 'object') {
      method = this.createPaymentMethod({ type: 'card', card: pm.card, billing_details: pm.billing_details }).then(function (r) {
        return r.error ? { error: r.error } : { id: r.paymentMethod.id };
      });
    }
    return method.then(function (m) {
      if (m.error) return { error: m.error };
      return self._request('POST', '/v1/payment_intents/' + id + '/confirm', { client_secret: clientSecret, payment_method: m.id, setup_future_usage: data.setup_future_usage }).then(function (answer) {
        if (answer.error) return { error: answer.error };
        if (answer.status !== 'requires_action' || !handleActions) return { paymentIntent: answer };
        return challenge(answer).then(function (outcome) {
          return fetch(API + '/sandbox/3ds/' + id, { method: 'POST', headers: Object.assign({ 'content-type': 'application/json' }, self._options.stripeAccount ? { 'stripe-account': self._options.stripeAccount } : {}), body: JSON.stringify({ client_secret: clientSecret, outcome: outcome }) })
            .then(function (res) {
              return res.json();
            })
            .then(function (intent) {
              if (intent.error) return { error: intent.error };
              if (intent.status === 'succeeded') return { paymentIntent: intent };
              return { error: Object.assign({}, intent.last_payment_error, { type: 'invalid_request_error', payment_intent: intent }) };
            });
        });
      });
    });
  };
  StripeInstance.prototype.handleCardAction = function (clientSecret) {
    return this.confirmCardPayment(clientSecret);
  };

  function Stripe(key, options) {
    if (typeof key !== 'string' || !/^pk_(test|live)_/.test(key)) throw IntegrationError('Invalid API Key provided: ' + key);
    return new StripeInstance(key, options);
  }
  // The release train @stripe/stripe-js expects (it compares window.Stripe.version).
  Stripe.version = 'endive';
  window.Stripe = Stripe;
})();
