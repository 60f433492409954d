#!/usr/bin/env bash
# CI's compose stage: the distributed product from docker-compose.yml (+ docker-compose.ci.yml:
# host network, local substitutes of the official infrastructure images) on the private Docker
# engine of tools/containers/engine.sh, then, in Chromium, the journey through Keycloak and the
# failure drills (e2e/compose), then a second `up` on the kept volumes that must still hold the
# users, balances and videos. Prints the time of every step; leaves nothing running.
#
#   bash tools/compose/ci.sh            # the engine must be up (tools/containers/engine.sh up)
#
# KADR_COMPOSE_KEEP=1 leaves the stack running at the end (for a person to look at it).
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$ROOT"

step() {
  local name=$1 t0=$SECONDS
  shift
  echo "--- compose: ${name}"
  "$@"
  echo "--- compose: ${name} took $((SECONDS - t0)) s"
}

# shellcheck disable=SC1091
source .docker-engine/env.sh
docker info >/dev/null 2>&1 || { echo "compose: no Docker engine at ${DOCKER_HOST:-unset} (tools/containers/engine.sh up)" >&2; exit 1; }
# shellcheck source=ci-env.sh
source tools/compose/ci-env.sh

STATE="$ROOT/.cache/compose"
mkdir -p "$STATE"
export KADR_COMPOSE_BASE_URL="http://localhost:8080"
export KADR_COMPOSE_STATE_DIR="$STATE"

dump_state() {
  echo "--- compose: state after a failure"
  docker compose ps -a || true
  for service in $(docker compose ps -a --format '{{.Service}} {{.Health}} {{.State}}' 2>/dev/null |
    awk '$2 == "unhealthy" || $2 == "starting" || $3 == "exited" || $3 == "restarting" {print $1}'); do
    echo "--- compose: last log lines of ${service}"
    docker compose logs --no-color --tail 60 "$service" || true
  done
  # The renderers and the job service tell why a job did not finish (claims, time-outs, failures).
  for service in jobs jobs-worker-1 jobs-worker-2; do
    echo "--- compose: last warnings and job lines of ${service}"
    docker compose logs --no-color "$service" 2>/dev/null | grep -E '"level":(40|50|60)|job (completed|failed)|lease expired' | tail -n 40 || true
  done
}

finish() {
  local status=$?
  if [[ $status -ne 0 ]]; then dump_state; fi
  if [[ "${KADR_COMPOSE_KEEP:-}" != 1 ]]; then
    docker compose down -v --remove-orphans --timeout 20 >/dev/null 2>&1 || true
  fi
  exit "$status"
}
trap finish EXIT

# CI's container stage has just built them; a developer's run builds what is missing.
build_missing_kadr_images() {
  local name missing=()
  # shellcheck disable=SC1091
  source tools/containers/deployables.sh
  for name in "${KADR_IMAGES[@]}"; do
    docker image inspect "$(image_ref "$name")" >/dev/null 2>&1 || missing+=("$name")
  done
  if [[ ${#missing[@]} -gt 0 ]]; then bash tools/containers/images.sh "${missing[@]}"; fi
}

journeys() { npx jest -c e2e/compose/jest.config.js --ci "$@"; }

step "validate the compose files" docker compose config -q
step "hadolint (substitutes, Keycloak)" bash -c 'bash tools/containers/hadolint.sh tools/compose/substitutes/*/Dockerfile deploy/compose/keycloak/Dockerfile'
step "substitute images" bash tools/compose/substitute-images.sh
step "OpenTelemetry collector image" bash tools/compose/substitutes/otel-collector/build.sh
step "Kadr images (built when missing)" build_missing_kadr_images
step "Keycloak image (augmented once; cached after the prebuild)" docker compose build keycloak
step "clean start" docker compose down -v --remove-orphans --timeout 20
step "up" docker compose up -d --wait --wait-timeout 420
docker compose ps --format 'table {{.Service}}\t{{.State}}\t{{.Health}}'
step "journey" journeys e2e/compose/journey
# Issue 18: every dashboard panel and alert rule finds its series in compose's Prometheus after a workload.
# Before the drills: the last drill records the state the persistence check expects after down/up.
step "metrics and alerts (live check)" journeys e2e/compose/observability
step "drills" journeys e2e/compose/drills
step "down, volumes kept" docker compose down --timeout 20
step "up again" docker compose up -d --wait --wait-timeout 420
step "still there after down/up" journeys e2e/compose/persistence
