#!/usr/bin/env bash
# Builds Kadr's eight images (seven services from services/Dockerfile, the web app from web/Dockerfile)
# on the Docker engine of DOCKER_HOST, then prints each image's uncompressed size against its budget
# and fails when one is over. Image name = the folder name (ARCHITECTURE §9), tag KADR_IMAGE_TAG
# (default `local`), optional registry prefix KADR_IMAGE_REGISTRY.
#   bash tools/containers/images.sh            # all eight
#   bash tools/containers/images.sh jobs web   # some
set -euo pipefail
cd "$(dirname "$0")/../.."
# shellcheck source=tools/containers/deployables.sh
source tools/containers/deployables.sh

export DOCKER_BUILDKIT=1
revision=$(git rev-parse HEAD 2>/dev/null || echo unknown)
version=$(node -p "require('./package.json').version || '0.0.0'")
wanted=("$@")
if [[ ${#wanted[@]} -eq 0 ]]; then wanted=("${KADR_IMAGES[@]}"); fi

build() {
  local name=$1 started=$SECONDS
  local args=(--network host --build-arg "REVISION=${revision}" --build-arg "VERSION=${version}" -t "$(image_ref "$name")")
  if [[ "$name" == web ]]; then
    args+=(-f web/Dockerfile)
  else
    args+=(-f services/Dockerfile --build-arg "SERVICE=${name}" --build-arg "PORT=$(service_port "$name")")
  fi
  echo "images: building $(image_ref "$name")"
  docker build --progress plain "${args[@]}" . >".docker-engine/build-${name}.log" 2>&1 || {
    tail -n 60 ".docker-engine/build-${name}.log"
    echo "images: building ${name} failed (log: .docker-engine/build-${name}.log)" >&2
    return 1
  }
  echo "images: built $(image_ref "$name") in $((SECONDS - started)) s"
}

mkdir -p .docker-engine
for name in "${wanted[@]}"; do build "$name"; done

over=0
printf '\n%-14s %10s %10s\n' image 'size MB' 'budget MB'
for name in "${wanted[@]}"; do
  bytes=$(docker image inspect -f '{{.Size}}' "$(image_ref "$name")")
  size=$((bytes / 1000000))
  budget=$(size_budget_mb "$name")
  mark=''
  if ((size > budget)); then mark='  OVER BUDGET' over=1; fi
  printf '%-14s %10s %10s%s\n' "$name" "$size" "$budget" "$mark"
done
if ((over)); then
  echo "images: at least one image is over its size budget" >&2
  exit 1
fi
