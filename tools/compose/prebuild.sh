#!/usr/bin/env bash
# The compose stage's images that do not depend on our code — the local base images, the
# substitutes of the official infrastructure images, Kadr's Keycloak and the OpenTelemetry collector — built ahead,
# so .ci/run can run this in the background while lint, typecheck and the build keep one core busy
# (Maven and Go downloads, the MinIO and collector compiles). Starts the private engine if needed;
# the caller stops it. Prints each step's time.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."

step() {
  local name=$1 t0=$SECONDS
  shift
  echo "--- prebuild: ${name}"
  "$@"
  echo "--- prebuild: ${name} took $((SECONDS - t0)) s"
}

step "engine up" bash tools/containers/engine.sh up
# shellcheck disable=SC1091
source .docker-engine/env.sh
step "base images" bash tools/containers/base-images.sh
step "substitute images" bash tools/compose/substitute-images.sh
# Kadr's Keycloak: the substitute above, augmented once (deploy/compose/keycloak/Dockerfile).
# shellcheck source=ci-env.sh
source tools/compose/ci-env.sh
step "Keycloak image (augmented)" docker compose build keycloak
step "OpenTelemetry collector image" bash tools/compose/substitutes/otel-collector/build.sh
