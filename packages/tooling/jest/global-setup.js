'use strict';
// When `make test` finds a Docker engine instead of native servers it sets KADR_TESTCONTAINERS=1;
// then every real server whose variable is not already set is started here with testcontainers
// and its variables exported, so the suites (which only read variables) run against it.
// Without that flag this does nothing: `npm test` never starts infrastructure.

const IMAGES = {
  kafka: 'confluentinc/cp-kafka:7.6.1',
  mongodb: 'mongo:7.0',
  redis: 'redis:7.2',
  s3: 'minio/minio:RELEASE.2024-08-17T01-24-54Z',
};

async function startKafka() {
  const { KafkaContainer } = require('@testcontainers/kafka');
  const c = await new KafkaContainer(IMAGES.kafka).withKraft().start();
  process.env.KAFKA_BROKERS = `${c.getHost()}:${c.getMappedPort(9093)}`;
  return c;
}

async function startMongo() {
  const { MongoDBContainer } = require('@testcontainers/mongodb');
  const c = await new MongoDBContainer(IMAGES.mongodb).start();
  process.env.MONGODB_URI = `${c.getConnectionString()}/?directConnection=true`;
  return c;
}

async function startRedis() {
  const { RedisContainer } = require('@testcontainers/redis');
  const c = await new RedisContainer(IMAGES.redis).start();
  process.env.REDIS_URL = c.getConnectionUrl();
  return c;
}

async function startS3() {
  const { MinioContainer } = require('@testcontainers/minio');
  const c = await new MinioContainer(IMAGES.s3).start();
  Object.assign(process.env, {
    S3_ENDPOINT: c.getConnectionUrl(),
    S3_ACCESS_KEY_ID: c.getUsername(),
    S3_SECRET_ACCESS_KEY: c.getPassword(),
    S3_REGION: 'us-east-1',
    S3_BUCKET: process.env.S3_BUCKET || 'kadr-test',
    S3_FORCE_PATH_STYLE: 'true',
    KADR_S3_CREATE_BUCKET: '1',
  });
  return c;
}

module.exports = async function globalSetup() {
  if (process.env.KADR_TESTCONTAINERS !== '1') return;
  const wanted = [
    ['KAFKA_BROKERS', startKafka],
    ['MONGODB_URI', startMongo],
    ['REDIS_URL', startRedis],
    ['S3_ENDPOINT', startS3],
  ].filter(([variable]) => !process.env[variable]);
  globalThis.__kadrContainers = await Promise.all(wanted.map(([, start]) => start()));
};
