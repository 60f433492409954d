'use strict';
// How each infrastructure image is configured to run as a single throwaway server: shared by the
// testcontainers start (real-server-containers.js) and CI's pod run (tools/k8s/rendered/sandbox-infra.ts),
// so both run Kafka the way docker-compose.yml does.

const crypto = require('node:crypto');

/** A KRaft cluster id: 16 random bytes, URL-safe base64 without padding, not starting with "-". */
function kafkaClusterId() {
  let clusterId;
  do clusterId = crypto.randomBytes(16).toString('base64url');
  while (clusterId.startsWith('-'));
  return clusterId;
}

/** The environment of a one-node KRaft Kafka (broker and controller) listening on host:port. */
function kafkaEnvironment({ host, port, controllerPort }) {
  return {
    KAFKA_NODE_ID: '1',
    KAFKA_PROCESS_ROLES: 'broker,controller',
    KAFKA_LISTENERS: `PLAINTEXT://${host}:${port},CONTROLLER://${host}:${controllerPort}`,
    KAFKA_ADVERTISED_LISTENERS: `PLAINTEXT://${host}:${port}`,
    KAFKA_CONTROLLER_LISTENER_NAMES: 'CONTROLLER',
    KAFKA_LISTENER_SECURITY_PROTOCOL_MAP: 'CONTROLLER:PLAINTEXT,PLAINTEXT:PLAINTEXT',
    KAFKA_CONTROLLER_QUORUM_VOTERS: `1@${host}:${controllerPort}`,
    KAFKA_OFFSETS_TOPIC_REPLICATION_FACTOR: '1',
    KAFKA_TRANSACTION_STATE_LOG_REPLICATION_FACTOR: '1',
    KAFKA_TRANSACTION_STATE_LOG_MIN_ISR: '1',
    KAFKA_GROUP_INITIAL_REBALANCE_DELAY_MS: '0',
    KAFKA_AUTO_CREATE_TOPICS_ENABLE: 'false',
    KAFKA_LOG_DIRS: '/var/lib/kafka/data',
    CLUSTER_ID: kafkaClusterId(),
  };
}

/** The environment of a MinIO server with the given root credentials and region. */
function minioEnvironment({ accessKeyId, secretAccessKey, region }) {
  return {
    MINIO_ROOT_USER: accessKeyId,
    MINIO_ROOT_PASSWORD: secretAccessKey,
    MINIO_SITE_REGION: region,
    MINIO_UPDATE: 'off',
  };
}

module.exports = { kafkaEnvironment, minioEnvironment };
