#!/usr/bin/env bash
# Runs the contract and integration suites (files named *.contract.test.ts or
# *.integration.test.ts) against real servers:
#   1. servers named by KAFKA_BROKERS, MONGODB_URI, REDIS_URL, S3_ENDPOINT are used as they are;
#   2. otherwise KADR_TEST_SERVERS chooses:
#      `testcontainers` — jest's global setup starts them as containers on the Docker engine of
#         DOCKER_HOST (host network, free loopback ports), from the local images listed in
#         packages/tooling/jest/infra-images.js (never pulled);
#      `native` — the native servers of tools/infra, started here and stopped at the end;
#      `auto` (default) — testcontainers when a Docker engine answers and all four images are
#         there, otherwise native.
# One line says which path runs and why. Extra arguments go to jest (e.g. -w 1); a
# --testPathPatterns narrows the set to the real-server files that match it. With CI=true a real-server suite that would be skipped fails instead.
set -euo pipefail
cd "$(dirname "$0")/../.."

if [[ "${CI:-}" == "true" ]]; then export KADR_REQUIRE_REAL_SERVERS=1; fi

all_named() { [[ -n "${KAFKA_BROKERS:-}" && -n "${MONGODB_URI:-}" && -n "${REDIS_URL:-}" && -n "${S3_ENDPOINT:-}" ]]; }

# The images testcontainers would start, from the one list global-setup.js uses.
infra_images() { node -p "Object.values(require('./packages/tooling/jest/infra-images.js').INFRA_IMAGES).join('\n')"; }

# Why testcontainers cannot run here (one phrase), or nothing when it can.
testcontainers_blocker() {
  if ! command -v docker >/dev/null 2>&1; then
    echo "no docker client on PATH"
    return
  fi
  if ! docker info >/dev/null 2>&1; then
    echo "no Docker engine answers (DOCKER_HOST=${DOCKER_HOST:-unset})"
    return
  fi
  local image missing=()
  while IFS= read -r image; do
    docker image inspect "$image" >/dev/null 2>&1 || missing+=("$image")
  done < <(infra_images)
  if ((${#missing[@]})); then
    echo "image(s) not on the engine: ${missing[*]} (tools/compose/substitute-images.sh builds them)"
  fi
}

use_testcontainers() {
  echo "real-server suites: testcontainers ($1)"
  export KADR_TESTCONTAINERS=1
  # Containers share the host network and are reached on 127.0.0.1; no Ryuk sidecar (its image
  # cannot be pulled here): jest's global teardown removes the containers.
  export TESTCONTAINERS_HOST_OVERRIDE="${TESTCONTAINERS_HOST_OVERRIDE:-127.0.0.1}"
  export TESTCONTAINERS_RYUK_DISABLED="${TESTCONTAINERS_RYUK_DISABLED:-true}"
  # The Kafka chaos suite kills and restarts brokers of its own, started from tools/infra's jars:
  # fetched here too (once per machine), since this path never runs tools/infra/up.sh.
  bash tools/infra/up.sh --fetch-kafka
}

use_native() {
  echo "real-server suites: native servers of tools/infra ($1)"
  trap 'bash tools/infra/down.sh' EXIT
  # up.sh prints the export lines on stdout (its log goes to stderr); they also land in
  # $KADR_INFRA_DIR/env.sh, which is not always .infra/env.sh.
  local exports
  exports=$(bash tools/infra/up.sh)
  eval "$exports"
}

mode="${KADR_TEST_SERVERS:-auto}"
if all_named; then
  echo "real-server suites: the servers named by KAFKA_BROKERS, MONGODB_URI, REDIS_URL, S3_ENDPOINT (KADR_TEST_SERVERS not consulted)"
else
  case "$mode" in
    testcontainers)
      blocker=$(testcontainers_blocker)
      if [[ -n "$blocker" ]]; then
        echo "real-server suites: KADR_TEST_SERVERS=testcontainers, but $blocker" >&2
        exit 1
      fi
      use_testcontainers "KADR_TEST_SERVERS=testcontainers"
      ;;
    native) use_native "KADR_TEST_SERVERS=native" ;;
    auto)
      blocker=$(testcontainers_blocker)
      if [[ -z "$blocker" ]]; then
        use_testcontainers "KADR_TEST_SERVERS=auto: a Docker engine answers and the four images are there"
      else
        use_native "KADR_TEST_SERVERS=auto: $blocker"
      fi
      ;;
    *)
      echo "real-server suites: KADR_TEST_SERVERS must be auto, testcontainers or native, not '$mode'" >&2
      exit 2
      ;;
  esac
fi

# The SMTP server (Mailpit) on every path: the mail sender's contract suite starts it itself from
# this binary (built once per machine; .ci/run builds it in the background early on).
if [[ -z "${KADR_MAILPIT_BIN:-}" ]]; then
  KADR_MAILPIT_BIN=$(bash tools/infra/up.sh --fetch-mailpit)
  export KADR_MAILPIT_BIN
fi

# Jest ORs several --testPathPatterns; a caller's pattern narrows the real-server files instead
# (`--testPathPatterns kv-store` = the kv-store contract and integration suites only).
REAL_SERVER_FILES='\.(contract|integration)\.test\.ts$'
within_real_server_files() { printf '^(?=.*(?:%s)).*%s' "$1" "$REAL_SERVER_FILES"; }
args=() narrowed=0
while (($#)); do
  case "$1" in
    --testPathPatterns=*)
      args+=("--testPathPatterns=$(within_real_server_files "${1#*=}")") narrowed=1
      ;;
    --testPathPatterns)
      args+=(--testPathPatterns "$(within_real_server_files "${2:?--testPathPatterns needs a pattern}")") narrowed=1
      shift
      ;;
    *) args+=("$1") ;;
  esac
  shift
done
((narrowed)) || args=(--testPathPatterns "$REAL_SERVER_FILES" "${args[@]}")
npx jest "${args[@]}"
