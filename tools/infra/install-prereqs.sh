#!/usr/bin/env bash
# Install, from Debian's apt repositories only, what a fresh Debian 12 machine
# of our kind (Java 17 + Maven, Go, Node 20 already there) lacks for
# tools/infra/up.sh and for later parts of the product. Does nothing, and does
# not touch apt at all, when everything is present.
#
#   bash tools/infra/install-prereqs.sh
#
# The Kafka and mongo-java-server jars (Maven Central) and MinIO (Go module
# proxy) are not installed here: up.sh fetches and builds them into its cache
# on first use.
set -euo pipefail

# shellcheck source=lib.sh source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

MISSING=() # Debian packages to install, collected by the functions below

# need_pkg <command> <debian package>: queue the package if the command is missing.
need_pkg() {
  command -v "$1" >/dev/null || MISSING+=("$2")
}

# The infrastructure itself (up.sh / down.sh).
infra_prereqs() {
  need_pkg redis-server redis-server
  need_pkg redis-cli redis-tools
  need_pkg python3 python3 # readiness checks and the S3 helper (stdlib only)
  need_pkg curl curl       # MinIO health check, the image checks
  need_pkg openssl openssl # the image checks sign a throwaway CA
  need_pkg setsid util-linux
  need_pkg ps procps
  need_pkg ss iproute2 # only to name the owner of a busy port
  need_pkg java openjdk-17-jdk-headless
  need_pkg javac openjdk-17-jdk-headless
  need_pkg mvn maven
}

# Video encoding (later parts of the product).
ffmpeg_prereqs() {
  need_pkg ffmpeg ffmpeg
}

# Headless browser for end-to-end tests (driven by playwright-core with
# executablePath /usr/bin/chromium; never `npx playwright install`).
chromium_prereqs() {
  need_pkg chromium chromium
  # Installed without "Recommends" (see apt_install), so add the fonts
  # Chromium would otherwise pull in: pages render with real metrics and
  # Polish diacritics, and the language flags (emoji) are not empty boxes.
  # Checked on their own: a machine may have Chromium without them.
  font_present 'Liberation Sans' || MISSING+=(fonts-liberation)
  font_present 'Noto Color Emoji' || MISSING+=(fonts-noto-color-emoji)
}

# font_present <family>: fontconfig knows the font (no fc-list yet: not present).
font_present() {
  command -v fc-list >/dev/null && fc-list : family | grep -qiF -- "$1"
}

# Prometheus' promtool checks and unit-tests the alert rules (charts/kadr/rules); the live metrics check
# runs the prometheus server itself on 127.0.0.1 (Debian's 2.x, the version docker compose runs).
prometheus_prereqs() {
  need_pkg promtool prometheus
}

# Go is not installed from apt: Debian 12's golang is 1.19, too old for
# MinIO (Go >= 1.24). A Go >= 1.21 fetches a newer toolchain by itself
# through the Go module proxy (GOTOOLCHAIN=auto).
check_go() {
  if ! command -v go >/dev/null; then
    log "WARNING: go not found; up.sh needs Go >= 1.21 (1.24+ preferred) to build MinIO"
    return 0
  fi
  local v
  v=$(go env GOVERSION 2>/dev/null || true)
  log "go: $v"
}

# Likewise the prometheus package starts a system-wide Prometheus on :9090 (and its node exporter's
# port) where an init system runs: stop and disable it, the checks start their own.
stop_system_prometheus() {
  if command -v systemctl >/dev/null && systemctl is-active --quiet prometheus 2>/dev/null; then
    log "stopping and disabling the system prometheus service (it would hold port 9090)"
    systemctl disable --now prometheus || true
  elif command -v service >/dev/null && service prometheus status >/dev/null 2>&1; then
    log "stopping the system prometheus service (it would hold port 9090)"
    service prometheus stop || true
  fi
}

# When apt installs redis-server on a machine with a running init system,
# the package starts a system-wide Redis on 127.0.0.1:6379, the port up.sh
# wants. Stop and disable that service (only if this script installed it).
stop_system_redis() {
  if command -v systemctl >/dev/null && systemctl is-active --quiet redis-server 2>/dev/null; then
    log "stopping and disabling the system redis-server service (it would hold port 6379)"
    systemctl disable --now redis-server || true
  elif command -v service >/dev/null && service redis-server status >/dev/null 2>&1; then
    log "stopping the system redis-server service (it would hold port 6379)"
    service redis-server stop || true
  fi
}

main() {
  infra_prereqs
  ffmpeg_prereqs
  chromium_prereqs
  prometheus_prereqs
  check_go

  if ((${#MISSING[@]} == 0)); then
    log "all prerequisites present; nothing to install"
    return 0
  fi
  # Unique, order kept (java and javac share a package).
  local pkgs
  mapfile -t pkgs < <(printf '%s\n' "${MISSING[@]}" | awk '!seen[$0]++')
  apt_install "${pkgs[@]}"
  if [[ " ${pkgs[*]} " == *" redis-server "* ]]; then
    stop_system_redis
  fi
  if [[ " ${pkgs[*]} " == *" prometheus "* ]]; then
    stop_system_prometheus
  fi
  log "installed: ${pkgs[*]}"
}

main "$@"
