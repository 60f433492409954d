#!/usr/bin/env bash
# Runs the contract and integration suites (files named *.contract.test.ts or
# *.integration.test.ts) against real servers:
#   1. servers named by KAFKA_BROKERS, MONGODB_URI, REDIS_URL, S3_ENDPOINT are used as they are;
#   2. otherwise KADR_TEST_SERVERS chooses, explicitly (a Docker engine that happens to answer
#      changes nothing: testcontainers needs images this machine kind cannot pull):
#      `native` (default) — the native servers of tools/infra, started here and stopped at the end;
#      `testcontainers` — jest's global setup starts them on the Docker engine of DOCKER_HOST.
# With CI=true a real-server suite that would be skipped fails instead.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [[ "${CI:-}" == "true" ]]; then export KADR_REQUIRE_REAL_SERVERS=1; fi

all_named() { [[ -n "${KAFKA_BROKERS:-}" && -n "${MONGODB_URI:-}" && -n "${REDIS_URL:-}" && -n "${S3_ENDPOINT:-}" ]]; }

if all_named; then
  echo "real-server suites: using the servers named by the environment"
elif [[ "${KADR_TEST_SERVERS:-native}" == testcontainers ]]; then
  if ! docker info >/dev/null 2>&1; then
    echo "real-server suites: KADR_TEST_SERVERS=testcontainers but no Docker engine answers (DOCKER_HOST=${DOCKER_HOST:-unset})" >&2
    exit 1
  fi
  echo "real-server suites: KADR_TEST_SERVERS=testcontainers, starting missing servers with testcontainers"
  export KADR_TESTCONTAINERS=1
elif [[ "${KADR_TEST_SERVERS:-native}" == native ]]; then
  echo "real-server suites: starting the native servers (tools/infra; KADR_TEST_SERVERS=native)"
  trap 'bash tools/infra/down.sh' EXIT
  bash tools/infra/up.sh
  # shellcheck disable=SC1091
  source .infra/env.sh
else
  echo "real-server suites: KADR_TEST_SERVERS must be native or testcontainers, not '${KADR_TEST_SERVERS}'" >&2
  exit 2
fi

npx jest --testPathPatterns '\.(contract|integration)\.test\.ts$' "$@"
