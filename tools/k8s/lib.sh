# shellcheck shell=bash disable=SC2034  # variables are used by the scripts that source this
# Shared settings and helpers for tools/k8s/*.sh. Sourced, never run.
#
# Every version the k8s tooling uses is pinned here, in one place, so that
# the cache keys (folder and binary names) and the README stay in step.

# --- Versions ---------------------------------------------------------------
# Kubernetes: v1.34.12 is the newest v1.34.x that the Go module proxy serves
# for k8s.io/kubernetes (checked 2026-11; `go list -m -versions` lists only a
# few of them, so ask for a version directly:
# `go list -m k8s.io/kubernetes@v1.34.13`). The staging modules
# (k8s.io/api, …) carry the same patch number as v0.34.N.
KADR_K8S_VERSION="${KADR_K8S_VERSION:-v1.34.12}"
KADR_HELM_VERSION="v3.22.0"
KADR_KUBECONFORM_VERSION="v0.8.0"
KADR_KUBE_SCORE_VERSION="v1.20.0"
KADR_KWOK_VERSION="v0.8.0"
# PyPI kubernetes-validate: ships the Kubernetes OpenAPI-derived JSON schemas.
KADR_KUBERNETES_VALIDATE_VERSION="1.34.1"
# The Kubernetes schema set we validate against: the newest <= 1.34 that the
# release above ships (it ships v1.25.0 … v1.34.0, one per minor version).
KADR_K8S_SCHEMA_VERSION="1.34.0"

# --- Paths ------------------------------------------------------------------
KADR_K8S_CACHE="${KADR_INFRA_CACHE:-$HOME/.cache/kadr-infra}/k8s"
# Static tools (helm, kubeconform, kube-score, kwok): versioned binaries plus
# unversioned symlinks, so one folder goes on PATH.
KADR_K8S_TOOLS_BIN="$KADR_K8S_CACHE/bin"
# Control-plane binaries built from source, one folder per Kubernetes version.
KADR_K8S_BUILD_DIR="$KADR_K8S_CACHE/$KADR_K8S_VERSION"
KADR_K8S_BUILD_BIN="$KADR_K8S_BUILD_DIR/bin"

KADR_K8S_SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
KADR_REPO_ROOT="$(cd "$KADR_K8S_SCRIPT_DIR/../.." && pwd)"

# Go: never download another toolchain, build static binaries, keep paths
# out of the binaries so they are the same wherever the cache lives.
export GOTOOLCHAIN=local
export CGO_ENABLED=0
export GOFLAGS="-trimpath -buildvcs=false"

# --- Logging and timing -----------------------------------------------------
_kadr_step_name=""
_kadr_step_start=""

log() { printf '[k8s %s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

# step NAME: starts timing a step (and ends the previous one, if any).
step() {
  step_done
  _kadr_step_name="$1"
  _kadr_step_start="$EPOCHREALTIME"
  log "==> $1"
}

# step_done: prints how long the current step took.
step_done() {
  if [[ -n "$_kadr_step_name" ]]; then
    log "    done: $_kadr_step_name ($(elapsed_since "$_kadr_step_start") s)"
    _kadr_step_name=""
  fi
}

# elapsed_since EPOCHREALTIME_VALUE: seconds since then, one decimal.
elapsed_since() {
  awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'
}

# wait_until TIMEOUT_SECONDS DESCRIPTION CMD...: polls CMD every 0.2 s until it
# succeeds; fails after the time-out. Readiness is always checked this way,
# never by sleeping a fixed time.
wait_until() {
  local timeout="$1" what="$2"; shift 2
  local deadline=$((SECONDS + timeout))
  until "$@" >/dev/null 2>&1; do
    if ((SECONDS >= deadline)); then
      log "timed out after ${timeout}s waiting for: $what"
      return 1
    fi
    sleep 0.2
  done
}

# go_install_tool NAME PACKAGE VERSION [LDFLAGS]: installs PACKAGE@VERSION into
# a version-keyed folder once, then points $KADR_K8S_TOOLS_BIN/NAME at it.
go_install_tool() {
  local name="$1" pkg="$2" version="$3" ldflags="${4:-}"
  local dir="$KADR_K8S_TOOLS_BIN/.versions/$name-$version"
  if [[ ! -x "$dir/$name" ]]; then
    command -v go >/dev/null || die "go is not on PATH (needed to build $name)"
    local tmp="$dir.tmp.$$"
    rm -rf "$tmp"
    mkdir -p "$tmp"
    # Install into a temporary folder and rename it, so an interrupted build
    # never leaves a half-written binary that later runs would trust.
    GOBIN="$tmp" go install ${ldflags:+-ldflags "$ldflags"} "$pkg@$version"
    rm -rf "$dir"
    mv "$tmp" "$dir"
  fi
  ln -sfn ".versions/$name-$version/$name" "$KADR_K8S_TOOLS_BIN/$name"
}

# kwok_stage_dir: where the kwok module (with its stage YAML) lies in the
# module cache; `go mod download` is a no-op when it is already there.
kwok_module_dir() {
  (cd "$KADR_K8S_CACHE" && go mod download -json "sigs.k8s.io/kwok@$KADR_KWOK_VERSION") |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",$/\1/p'
}
