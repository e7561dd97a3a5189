'use strict';
/*
 * The server side of a WebSocket (RFC 6455) over node:http's `upgrade`, for sandboxes whose
 * provider speaks one (Discord's Gateway). Text and binary messages (fragmented or not), ping
 * and pong, the closing handshake; no extensions. No dependencies.
 */
const crypto = require('node:crypto');
const { EventEmitter } = require('node:events');

const GUID = '258EAFA5-E914-47DA-95CA-C5AB0DC85B11';
const MAX_MESSAGE_BYTES = 4 * 1024 * 1024;

/**
 * Completes the opening handshake of an `upgrade` request; undefined (after a 400) when it is
 * not a WebSocket request. `head` is what node:http read past the request's headers.
 */
function acceptWebSocket(req, socket, head) {
  const key = req.headers['sec-websocket-key'];
  if (String(req.headers.upgrade).toLowerCase() !== 'websocket' || !key || req.headers['sec-websocket-version'] !== '13') {
    socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
    return undefined;
  }
  const accept = crypto.createHash('sha1').update(key + GUID).digest('base64');
  socket.write(['HTTP/1.1 101 Switching Protocols', 'Upgrade: websocket', 'Connection: Upgrade', `Sec-WebSocket-Accept: ${accept}`, '', ''].join('\r\n'));
  const connection = new WebSocketConnection(socket);
  if (head?.length) connection.read(head);
  return connection;
}

/** Refuses an `upgrade` request with an HTTP status. */
function refuseUpgrade(socket, status, text) {
  socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/**
 * One accepted connection. Events: 'message' (text), 'close' (code, reason) once. `close(code,
 * reason)` starts the closing handshake; `drop()` cuts the TCP connection with no close frame
 * (the peer sees an abnormal closure, 1006).
 */
class WebSocketConnection extends EventEmitter {
  constructor(socket) {
    super();
    this.socket = socket;
    this.buffer = Buffer.alloc(0);
    this.fragments = [];
    this.closed = false;
    /** the close code this side sent first, if it did */
    this.sentCode = undefined;
    socket.setNoDelay(true);
    socket.on('data', (chunk) => this.read(chunk));
    socket.on('close', () => this.finish(this.sentCode ?? 1006, ''));
    socket.on('error', () => undefined);
  }

  get open() {
    return !this.closed && this.sentCode === undefined;
  }

  send(text) {
    if (this.open) this.writeFrame(0x1, Buffer.from(text, 'utf8'));
  }

  close(code, reason = '') {
    if (!this.open) return;
    const body = Buffer.alloc(2 + Buffer.byteLength(reason));
    body.writeUInt16BE(code, 0);
    body.write(reason, 2);
    this.writeFrame(0x8, body);
    this.sentCode = code;
    this.reason = reason;
    // A peer that does not answer the close frame is cut off.
    setTimeout(() => this.socket.destroy(), 1000).unref();
  }

  drop() {
    this.socket.destroy();
  }

  read(chunk) {
    this.buffer = this.buffer.length ? Buffer.concat([this.buffer, chunk]) : chunk;
    while (this.buffer.length >= 2) {
      const buf = this.buffer;
      const fin = (buf[0] & 0x80) !== 0;
      const opcode = buf[0] & 0x0f;
      const masked = (buf[1] & 0x80) !== 0;
      let length = buf[1] & 0x7f;
      let offset = 2;
      if (length === 126) {
        if (buf.length < 4) return;
        length = buf.readUInt16BE(2);
        offset = 4;
      } else if (length === 127) {
        if (buf.length < 10) return;
        length = Number(buf.readBigUInt64BE(2));
        offset = 10;
      }
      // Clients mask every frame (RFC 6455 §5.1).
      if (!masked || length > MAX_MESSAGE_BYTES) return this.protocolError(masked ? 1009 : 1002);
      if (buf.length < offset + 4 + length) return;
      const mask = buf.subarray(offset, offset + 4);
      const payload = Buffer.from(buf.subarray(offset + 4, offset + 4 + length));
      for (let i = 0; i < payload.length; i += 1) payload[i] ^= mask[i % 4];
      this.buffer = buf.subarray(offset + 4 + length);
      this.frame(fin, opcode, payload);
    }
  }

  frame(fin, opcode, payload) {
    if (opcode === 0x8) {
      const code = payload.length >= 2 ? payload.readUInt16BE(0) : 1005;
      const reason = payload.subarray(2).toString('utf8');
      if (this.sentCode === undefined) this.writeFrame(0x8, payload.subarray(0, 2));
      this.socket.end();
      return this.finish(this.sentCode ?? code, this.sentCode === undefined ? reason : this.reason);
    }
    if (opcode === 0x9) return this.writeFrame(0xa, payload);
    if (opcode === 0xa) return undefined;
    if (opcode > 0x2) return this.protocolError(1002);
    this.fragments.push(payload);
    if (!fin) return undefined;
    const message = Buffer.concat(this.fragments);
    this.fragments = [];
    if (this.sentCode === undefined) this.emit('message', message.toString('utf8'));
    return undefined;
  }

  protocolError(code) {
    this.buffer = Buffer.alloc(0);
    this.close(code);
  }

  writeFrame(opcode, payload) {
    if (this.socket.destroyed) return;
    let header;
    if (payload.length < 126) {
      header = Buffer.from([0x80 | opcode, payload.length]);
    } else if (payload.length < 65536) {
      header = Buffer.alloc(4);
      header[0] = 0x80 | opcode;
      header[1] = 126;
      header.writeUInt16BE(payload.length, 2);
    } else {
      header = Buffer.alloc(10);
      header[0] = 0x80 | opcode;
      header[1] = 127;
      header.writeBigUInt64BE(BigInt(payload.length), 2);
    }
    this.socket.write(Buffer.concat([header, payload]));
  }

  finish(code, reason) {
    if (this.closed) return;
    this.closed = true;
    this.emit('close', code, reason);
  }
}

module.exports = { acceptWebSocket, refuseUpgrade };
