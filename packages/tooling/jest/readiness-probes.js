'use strict';
// Readiness of each real server, checked from this process over 127.0.0.1 — the same path the
// suites use — with the clients the services use. An open port is not "ready": a KRaft broker
// accepts connections before it can lead a partition, MinIO before its storage is up. Each probe
// throws while the server is not ready yet and resolves once it is (tools/infra/up.sh checks the
// native servers the same way).

const net = require('node:net');

const PROBE_TIMEOUT_MS = 3000;

/** A topic can be created and has a leader, and the group coordinator answers. */
async function kafkaReady({ brokers }) {
  const { Kafka, logLevel } = require('kafkajs');
  const kafka = new Kafka({
    clientId: 'kadr-testcontainers-ready',
    brokers,
    logLevel: logLevel.NOTHING,
    connectionTimeout: PROBE_TIMEOUT_MS,
    requestTimeout: PROBE_TIMEOUT_MS,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  await admin.connect();
  try {
    const topic = 'kadr-testcontainers-ready';
    await admin.createTopics({ topics: [{ topic, numPartitions: 1, replicationFactor: 1 }], waitForLeaders: true });
    const { topics } = await admin.fetchTopicMetadata({ topics: [topic] });
    const leaderless = topics[0].partitions.filter((p) => p.leader < 0);
    if (leaderless.length) throw new Error(`${topic} has partitions without a leader`);
    // Finds the group coordinator, which needs __consumer_offsets (created lazily on a fresh broker).
    await admin.describeGroups(['kadr-testcontainers-ready']);
  } finally {
    await admin.disconnect();
  }
}

/** The server answers the MongoDB `ping` command. */
async function mongoReady({ uri }) {
  const { MongoClient } = require('mongodb');
  const client = new MongoClient(uri, {
    serverSelectionTimeoutMS: PROBE_TIMEOUT_MS,
    connectTimeoutMS: PROBE_TIMEOUT_MS,
  });
  try {
    const answer = await client.db('admin').command({ ping: 1 });
    if (answer.ok !== 1) throw new Error(`ping answered ${JSON.stringify(answer)}`);
  } finally {
    await client.close();
  }
}

/** The server answers PING with PONG (RESP over a plain socket: no client library to configure). */
function redisReady({ host, port }) {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host, port });
    let answer = '';
    socket.setTimeout(PROBE_TIMEOUT_MS, () => socket.destroy(new Error('no answer to PING')));
    socket.on('connect', () => socket.write('PING\r\n'));
    socket.on('data', (chunk) => {
      answer += chunk.toString('latin1');
      if (!answer.includes('\r\n')) return;
      socket.end();
      if (answer.startsWith('+PONG')) resolve();
      else reject(new Error(`PING answered ${JSON.stringify(answer.trim())}`));
    });
    socket.on('error', reject);
  });
}

/** MinIO's readiness endpoint answers 200 (storage up, not only the listener). */
async function minioReady({ endpoint }) {
  const response = await fetch(`${endpoint}/minio/health/ready`, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
  if (response.status !== 200) throw new Error(`/minio/health/ready answered ${response.status}`);
}

module.exports = { kafkaReady, mongoReady, redisReady, minioReady };
