#!/usr/bin/env node
// Exits 0 when the Kafka broker at argv[2] (default 127.0.0.1:9092) answers a metadata
// request with at least one broker, 1 otherwise. One quick attempt: deps.sh polls it.
'use strict';

const path = require('path');

const broker = process.argv[2] || `127.0.0.1:${process.env.KAFKA_PORT || 9092}`;
const { Kafka, logLevel } = require(require.resolve('kafkajs', { paths: [path.resolve(__dirname, '../..')] }));

async function main() {
  const kafka = new Kafka({
    clientId: 'infra-kafka-ready',
    brokers: [broker],
    connectionTimeout: 1000,
    requestTimeout: 2000,
    retry: { retries: 0 },
    logLevel: logLevel.NOTHING,
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    return cluster.brokers.length > 0 && cluster.controller !== null && cluster.controller !== undefined;
  } finally {
    await admin.disconnect().catch(() => {});
  }
}

main().then(
  (ok) => process.exit(ok ? 0 : 1),
  () => process.exit(1),
);
