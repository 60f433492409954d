#!/usr/bin/env bash
# Runs the contract and integration suites (files named *.contract.test.ts or
# *.integration.test.ts) against real servers:
#   1. servers named by KAFKA_BROKERS, MONGODB_URI, REDIS_URL, S3_ENDPOINT are used as they are;
#   2. otherwise, with a Docker engine, jest's global setup starts them with testcontainers;
#   3. otherwise the native servers of tools/infra are started here and stopped at the end.
# With CI=true a real-server suite that would be skipped fails instead.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [[ "${CI:-}" == "true" ]]; then export KADR_REQUIRE_REAL_SERVERS=1; fi

all_named() { [[ -n "${KAFKA_BROKERS:-}" && -n "${MONGODB_URI:-}" && -n "${REDIS_URL:-}" && -n "${S3_ENDPOINT:-}" ]]; }

if all_named; then
  echo "real-server suites: using the servers named by the environment"
elif command -v docker >/dev/null 2>&1 && docker info >/dev/null 2>&1; then
  echo "real-server suites: Docker engine found, starting missing servers with testcontainers"
  export KADR_TESTCONTAINERS=1
else
  echo "real-server suites: no Docker engine, starting the native servers (tools/infra)"
  trap 'bash tools/infra/down.sh' EXIT
  bash tools/infra/up.sh
  # shellcheck disable=SC1091
  source .infra/env.sh
fi

npx jest --testPathPatterns '\.(contract|integration)\.test\.ts$' "$@"
