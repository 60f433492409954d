'use strict';
// The infrastructure images the real-server suites run against under testcontainers
// (KADR_TEST_SERVERS=testcontainers). They are never pulled: on this machine kind no container
// registry is reachable, so tools/compose/substitute-images.sh builds local substitutes under these
// official names, and docker-compose.yml names the same images. Change a tag in all three places.

/** @type {Record<'kafka' | 'mongodb' | 'redis' | 's3', string>} */
const INFRA_IMAGES = {
  kafka: 'apache/kafka:3.9.1',
  mongodb: 'mongo:7.0',
  redis: 'redis:7.0.15-bookworm',
  s3: 'minio/minio:RELEASE.2025-10-15T17-29-55Z',
};

module.exports = { INFRA_IMAGES };
