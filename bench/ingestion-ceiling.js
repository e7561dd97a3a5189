// The least any webhook ingestion can do, for bench/webhooks.js (ADR 0047): forked by the bench,
// it answers on a port it sends to its parent.
//   node bench/ingestion-ceiling.js kafka <topic>      node:http → Kafka → 200: the body is put in an
//                                                     event envelope and produced with the kit's
//                                                     producer (idempotent, acks from all in-sync
//                                                     replicas, one batch per event-loop turn), as
//                                                     channels does; no verification, log or headers
//   node bench/ingestion-ceiling.js proxy <port>       a bare node:http hop in front of it, as the
//                                                     gateway's place in the path
const http = require('node:http');
const { randomUUID } = require('node:crypto');
const { CoalescingProducer, createKafka, createLogger, createProducer } = require('../services/kit/dist');

const [mode, arg] = process.argv.slice(2);
const listen = (server) => server.listen(0, '127.0.0.1', () => process.send(server.address().port));

function kafkaServer(topic) {
  const logger = createLogger('bench-ingestion-ceiling', 'error');
  const producer = createProducer(createKafka({ clientId: 'bench-ingestion-ceiling', brokers: (process.env.KAFKA_BROKERS ?? '127.0.0.1:9092').split(','), logger }));
  const sender = new CoalescingProducer(producer);
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const update = JSON.parse(Buffer.concat(chunks).toString());
      const event = { id: randomUUID(), type: 'bench.ingested', version: 1, occurredAt: new Date().toISOString(), region: 'eu', workspaceId: 'bench', data: update };
      sender.send(topic, { key: `bench:${update.message?.chat?.id}`, value: JSON.stringify(event) }).then(
        () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'),
        () => res.writeHead(503).end(),
      );
    });
  });
  producer.connect().then(() => listen(server));
}

function proxyServer(upstreamPort) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 256 });
  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (chunk) => chunks.push(chunk));
    req.on('end', () => {
      const body = Buffer.concat(chunks);
      const call = http.request({ agent, host: '127.0.0.1', port: upstreamPort, method: 'POST', path: req.url, headers: { 'content-type': 'application/json', 'content-length': body.length } }, (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      });
      call.on('error', () => res.writeHead(502).end());
      call.end(body);
    });
  });
  listen(server);
}

if (mode === 'kafka') kafkaServer(arg);
else if (mode === 'proxy') proxyServer(Number(arg));
else throw new Error('usage: ingestion-ceiling.js kafka <topic> | proxy <port>');
