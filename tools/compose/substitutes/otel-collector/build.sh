#!/usr/bin/env bash
# Builds the local substitute image otel/opentelemetry-collector:<version> with no container
# registry and no GitHub: the collector is compiled from the committed wrapper module in
# build/ (ocb-generated, go.sum pinned) with modules from the Go module proxy.
#
# Usage (engine env sourced: source .docker-engine/env.sh):
#   bash tools/compose/substitutes/otel-collector/build.sh [--force]
# An existing image is kept unless --force. The binary is cached in
#   ${KADR_INFRA_CACHE:-~/.cache/kadr-infra}/otel-collector/<version>-<hash of build/>/otelcol
# so --force or a new engine only re-runs `docker build`; delete that folder to recompile.
# Go caches are the shared ones of tools/infra (GOMODCACHE, GOCACHE under .../go).
set -euo pipefail

HERE="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
# shellcheck source-path=SCRIPTDIR source=../../../infra/lib.sh
. "$HERE/../../../infra/lib.sh" # infra_go (shared Go caches), now, since, REPO_ROOT, KADR_INFRA_CACHE

OTELCOL_VERSION=0.165.0 # = dist.version in build/manifest.yaml = go.opentelemetry.io/collector/otelcol
IMAGE="otel/opentelemetry-collector:$OTELCOL_VERSION"
BUILD_DIR="$HERE/build"
CONFIG="$REPO_ROOT/tools/compose/otel-collector/config.yaml"
CA_BUNDLE=/etc/ssl/certs/ca-certificates.crt

log() { printf '[otel-collector] %s\n' "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

FORCE=0
for a in "$@"; do
  case "$a" in
  --force) FORCE=1 ;;
  -h | --help)
    sed -n '2,11p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
    exit 0
    ;;
  *) die "unknown argument: $a (see --help)" ;;
  esac
done

grep -q "^  version: $OTELCOL_VERSION\$" "$BUILD_DIR/manifest.yaml" ||
  die "OTELCOL_VERSION=$OTELCOL_VERSION does not match dist.version in build/manifest.yaml"

# Prefer the engine's own client (docker 20.10, BuildKit built in), as tools/containers does.
if [ -z "${DOCKER:-}" ]; then
  if [ -x /usr/bin/docker ]; then DOCKER=/usr/bin/docker; else DOCKER="$(command -v docker)"; fi
fi
if [ -z "${DOCKER_HOST:-}" ] && [ -f "$REPO_ROOT/.docker-engine/env.sh" ]; then
  # shellcheck disable=SC1091
  . "$REPO_ROOT/.docker-engine/env.sh"
fi
export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-1}"
"$DOCKER" info >/dev/null 2>&1 || die "no engine at DOCKER_HOST=${DOCKER_HOST:-<unset>}; source .docker-engine/env.sh first"

if [ "$FORCE" = 0 ] && "$DOCKER" image inspect "$IMAGE" >/dev/null 2>&1; then
  log "$IMAGE exists; skipped (--force rebuilds it)"
  exit 0
fi

# Go is often installed outside PATH (/usr/local/go); the build needs Go >= 1.25 (go.mod),
# an older Go >= 1.21 fetches that toolchain by itself through the module proxy.
if ! command -v go >/dev/null && [ -x /usr/local/go/bin/go ]; then
  PATH="/usr/local/go/bin:$PATH"
fi
command -v go >/dev/null || die "go not found (needed to compile the collector)"

# The cache key covers every input of the compile, so an edited build/ never reuses a stale binary.
src_hash="$(cat "$BUILD_DIR"/go.mod "$BUILD_DIR"/go.sum "$BUILD_DIR"/*.go | sha256sum | cut -c1-12)"
BIN_DIR="$KADR_INFRA_CACHE/otel-collector/$OTELCOL_VERSION-$src_hash"
BIN="$BIN_DIR/otelcol"

t_total="$(now)"
if [ -x "$BIN" ]; then
  log "collector binary cached: $BIN"
else
  log "compiling the collector $OTELCOL_VERSION ($(go env GOVERSION)); a cold module cache takes a few minutes"
  t_go="$(now)"
  mkdir -p "$BIN_DIR"
  # -trimpath/-s -w: reproducible paths, no debug info (the official binary is stripped too).
  # -mod=readonly (default) makes go.sum authoritative: no module is resolved anew.
  (cd "$BUILD_DIR" && infra_go build -trimpath -ldflags='-s -w' -o "$BIN.tmp" .) ||
    die "go build failed (see above)"
  mv "$BIN.tmp" "$BIN"
  log "compiled in $(since "$t_go")s: $BIN ($(du -h "$BIN" | cut -f1))"
fi
"$BIN" --version | grep -q " $OTELCOL_VERSION\$" || die "$BIN does not report version $OTELCOL_VERSION"

context="$(mktemp -d "${TMPDIR:-/tmp}/otelcol-context.XXXXXX")"
trap 'rm -rf "${context:?}"' EXIT
cp "$BIN" "$context/otelcol"
cp "$CA_BUNDLE" "$context/ca-certificates.crt"
cp "$CONFIG" "$context/config.yaml"
cp "$HERE/Dockerfile" "$context/Dockerfile"

t_image="$(now)"
"$DOCKER" build --network host --build-arg "OTELCOL_VERSION=$OTELCOL_VERSION" -t "$IMAGE" "$context" >&2 ||
  die "docker build failed"
log "image $IMAGE built in $(since "$t_image")s ($("$DOCKER" image inspect -f '{{.Size}}' "$IMAGE" | awk '{printf "%.0f MB", $1 / 1e6}')); total $(since "$t_total")s"
