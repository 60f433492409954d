'use strict';
// One container per real server, started with testcontainers' GenericContainer on the host
// network (no bridge networks on this machine kind: everything talks over 127.0.0.1), each on
// free loopback ports chosen now, so a run never collides with the native servers, compose, or
// another run. Each image is configured the way docker-compose.yml configures it, minus
// persistence (a test server starts empty and is thrown away). Each start resolves to the
// started container and the variables the suites read (packages/tooling/src/real-servers.ts).

const crypto = require('node:crypto');
const fs = require('node:fs');
const net = require('node:net');
const { GenericContainer, PullPolicy } = require('testcontainers');
const { INFRA_IMAGES } = require('./infra-images');
const { kafkaEnvironment, minioEnvironment } = require('./infra-settings');
const { ProbeWaitStrategy } = require('./probe-wait-strategy');
const probes = require('./readiness-probes');

const HOST = '127.0.0.1'; // never "localhost": Node may resolve it to ::1
const STARTUP_TIMEOUT_MS = Number(process.env.KADR_TESTCONTAINERS_TIMEOUT_MS || 120_000);

// Ports handed out by this process: several servers pick their ports at the same time.
const handedOut = new Set();

// Drawn below the kernel's ephemeral range, as src/free-port.ts explains: a port from that range
// may be handed to any listen(0) or outgoing connection before the container binds it.
function ephemeralRangeStart() {
  try {
    const start = Number(fs.readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(start) && start > 15_100 ? start : 32_768;
  } catch {
    return 32_768;
  }
}

/** A port nothing listens on right now, outside the ephemeral range (the server binds it moments later). */
async function freePort() {
  const end = ephemeralRangeStart() - 1;
  for (let attempt = 0; attempt < 100; attempt += 1) {
    const port = 15_000 + crypto.randomInt(end - 15_000);
    if (handedOut.has(port)) continue;
    const free = await new Promise((resolve) => {
      const server = net.createServer();
      server.unref();
      server.once('error', () => resolve(false));
      server.listen({ host: HOST, port, exclusive: true }, () => server.close(() => resolve(true)));
    });
    if (free) {
      handedOut.add(port);
      return port;
    }
  }
  throw new Error('found no free port on 127.0.0.1 below the ephemeral range');
}

function randomSecret(alphabet, length) {
  return Array.from({ length }, () => alphabet[crypto.randomInt(alphabet.length)]).join('');
}

/** The container for `kind`, never pulled: global-setup.js checks the image exists first. */
function baseContainer(kind) {
  return (
    new GenericContainer(INFRA_IMAGES[kind])
      .withNetworkMode('host')
      .withName(`kadr-test-${kind}-${process.pid}-${crypto.randomBytes(3).toString('hex')}`)
      .withLabels({ 'kadr.test-server': kind })
      // "default" pulls only a missing image, and global-setup.js refuses to start without it.
      .withPullPolicy(PullPolicy.defaultPolicy())
      .withStartupTimeout(STARTUP_TIMEOUT_MS)
  );
}

async function startKafka() {
  const [port, controllerPort] = [await freePort(), await freePort()];
  const brokers = [`${HOST}:${port}`];
  const container = await baseContainer('kafka')
    .withEnvironment(kafkaEnvironment({ host: HOST, port, controllerPort }))
    .withWaitStrategy(new ProbeWaitStrategy(`kafka (${INFRA_IMAGES.kafka})`, () => probes.kafkaReady({ brokers })))
    .start();
  return { container, env: { KAFKA_BROKERS: brokers.join(',') } };
}

async function startMongo() {
  const port = await freePort();
  const uri = `mongodb://${HOST}:${port}`;
  const container = await baseContainer('mongodb')
    .withCommand(['mongod', '--port', String(port), '--bind_ip', HOST])
    .withWaitStrategy(new ProbeWaitStrategy(`mongodb (${INFRA_IMAGES.mongodb})`, () => probes.mongoReady({ uri })))
    .start();
  return { container, env: { MONGODB_URI: uri } };
}

async function startRedis() {
  const port = await freePort();
  const container = await baseContainer('redis')
    // No persistence at all: no RDB snapshots, no append-only file.
    .withCommand(['redis-server', '--port', String(port), '--bind', HOST, '--save', '', '--appendonly', 'no'])
    .withWaitStrategy(
      new ProbeWaitStrategy(`redis (${INFRA_IMAGES.redis})`, () => probes.redisReady({ host: HOST, port })),
    )
    .start();
  return { container, env: { REDIS_URL: `redis://${HOST}:${port}` } };
}

async function startMinio() {
  const [port, consolePort] = [await freePort(), await freePort()];
  const endpoint = `http://${HOST}:${port}`;
  // Fresh root credentials for each run; they live only in this process's environment.
  const accessKeyId = randomSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789', 20);
  const secretAccessKey = randomSecret('ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789', 40);
  const region = process.env.S3_REGION || 'us-east-1';
  const container = await baseContainer('s3')
    .withCommand(['server', '/data', '--address', `${HOST}:${port}`, '--console-address', `${HOST}:${consolePort}`])
    .withEnvironment(minioEnvironment({ accessKeyId, secretAccessKey, region }))
    .withWaitStrategy(new ProbeWaitStrategy(`minio (${INFRA_IMAGES.s3})`, () => probes.minioReady({ endpoint })))
    .start();
  const env = {
    S3_ENDPOINT: endpoint,
    S3_REGION: region,
    S3_BUCKET: process.env.S3_BUCKET || 'kadr-test',
    S3_ACCESS_KEY_ID: accessKeyId,
    S3_SECRET_ACCESS_KEY: secretAccessKey,
    S3_FORCE_PATH_STYLE: 'true',
  };
  try {
    await createBucket(env);
  } catch (error) {
    await container.stop({ remove: true });
    throw new Error(`minio (${INFRA_IMAGES.s3}): could not create bucket ${env.S3_BUCKET}: ${error.message}`);
  }
  return { container, env };
}

/** The bucket the suites name (S3_BUCKET), as tools/infra/up.sh creates it for the native MinIO. */
async function createBucket(env) {
  const { S3Client, CreateBucketCommand } = require('@aws-sdk/client-s3');
  const client = new S3Client({
    endpoint: env.S3_ENDPOINT,
    region: env.S3_REGION,
    forcePathStyle: true,
    credentials: { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY },
  });
  try {
    await client.send(new CreateBucketCommand({ Bucket: env.S3_BUCKET }));
  } catch (error) {
    if (error?.name !== 'BucketAlreadyOwnedByYou') throw error;
  } finally {
    client.destroy();
  }
}

/** The start function of each real server kind, with the variable that, when set, names its server. */
const REAL_SERVER_STARTS = {
  kafka: { variable: 'KAFKA_BROKERS', start: startKafka },
  mongodb: { variable: 'MONGODB_URI', start: startMongo },
  redis: { variable: 'REDIS_URL', start: startRedis },
  s3: { variable: 'S3_ENDPOINT', start: startMinio },
};

module.exports = { REAL_SERVER_STARTS };
