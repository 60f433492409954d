#!/usr/bin/env bash
# CI's container stage (`make images-check`): starts a private Docker engine, makes the local base
# images, builds the eight images and prints their sizes, lints the Dockerfiles with hadolint, runs
# every image hardened (check-images.sh), and stops the engine again — also on failure — unless
# KADR_ENGINE_KEEP=1 asks to keep it for what follows (.ci/run: compose, testcontainers).
set -euo pipefail
cd "$(dirname "$0")/../.."

step() {
  local name=$1 t0=$SECONDS
  shift
  echo "--- containers: ${name}"
  "$@"
  echo "--- containers: ${name} took $((SECONDS - t0)) s"
}

# KADR_ENGINE_KEEP=1 (.ci/run): leave the engine running for the compose stage and testcontainers;
# the caller stops it. On failure it is stopped here all the same.
stop_engine() {
  local status=$?
  if [[ $status -ne 0 || "${KADR_ENGINE_KEEP:-}" != 1 ]]; then bash tools/containers/engine.sh down; fi
  exit "$status"
}
trap stop_engine EXIT
step "engine up" bash tools/containers/engine.sh up
# shellcheck disable=SC1091
source .docker-engine/env.sh
step "base images" bash tools/containers/base-images.sh
step "hadolint" bash tools/containers/hadolint.sh services/Dockerfile web/Dockerfile
step "build images" bash tools/containers/images.sh
step "run images" bash tools/containers/check-images.sh
