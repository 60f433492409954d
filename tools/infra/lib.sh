# shellcheck shell=bash
# Shared settings and helpers for tools/infra/{up,down,install-prereqs}.sh.
# Sourced, not executed.
# shellcheck disable=SC2034 # the variables below are used by the sourcing scripts

INFRA_ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
REPO_ROOT=$(cd "$INFRA_ROOT/../.." && pwd)

# Downloads and builds, kept between runs (rebuilt only when missing).
KADR_INFRA_CACHE=${KADR_INFRA_CACHE:-$HOME/.cache/kadr-infra}
# Runtime state of one `up` (data, logs, pidfiles, env.sh); wiped by each up.
KADR_INFRA_DIR=${KADR_INFRA_DIR:-$REPO_ROOT/.infra}
# Seconds each server may take to become ready.
KADR_INFRA_TIMEOUT=${KADR_INFRA_TIMEOUT:-120}

# Pinned versions. Changing one changes the cache path, so it gets rebuilt.
KAFKA_VERSION=3.9.1 # keep in sync with tools/infra/kafka/pom.xml
MONGO_SERVER_VERSION=1.47.0 # mongo-java-server; keep in sync with tools/infra/mongo/pom.xml
# MinIO has no semver tags (its releases are tags like RELEASE.2025-...Z),
# and this registry mirror refuses to resolve those tag names, so we pin the
# Go pseudo-version of a master commit that the proxy serves
# (`go list -m github.com/minio/minio@latest` prints the newest one).
MINIO_MODULE=github.com/minio/minio
# Mailpit: a real SMTP server with an HTTP API to read what it received (the mail sender's contract
# suite starts it itself, from the binary `up.sh --fetch-mailpit` builds).
MAILPIT_MODULE=github.com/axllent/mailpit
MAILPIT_VERSION=v1.33.1
MINIO_VERSION=v0.0.0-20260212201848-7aac2a2c5b7c

# Ports (127.0.0.1 only).
KAFKA_PORT=${KADR_KAFKA_PORT:-9092}
KAFKA_CONTROLLER_PORT=${KADR_KAFKA_CONTROLLER_PORT:-$((KAFKA_PORT + 1))}
MONGO_PORT=${KADR_MONGO_PORT:-27017}
REDIS_PORT=${KADR_REDIS_PORT:-6379}
S3_PORT=${KADR_S3_PORT:-9000}

HOST=127.0.0.1 # never "localhost": Node may resolve it to ::1

# --- output ------------------------------------------------------------------

log() { printf '[infra] %s\n' "$*" >&2; }
die() {
  printf '[infra] ERROR: %s\n' "$*" >&2
  exit 1
}

# Print the last lines of a log file, indented, to stderr.
log_tail() {
  local file=$1 lines=${2:-40}
  if [[ -s $file ]]; then
    printf '[infra] ---- last %s lines of %s ----\n' "$lines" "$file" >&2
    tail -n "$lines" "$file" | sed 's/^/    /' >&2
    printf '[infra] ----\n' >&2
  else
    printf '[infra] (%s is empty or missing)\n' "$file" >&2
  fi
}

# --- timing --------------------------------------------------------------------

now() { printf '%s' "$EPOCHREALTIME"; }
# Seconds since a `now` value, one decimal.
since() { awk -v a="$1" -v b="$EPOCHREALTIME" 'BEGIN { printf "%.1f", b - a }'; }

# --- ports -------------------------------------------------------------------

# True if something accepts TCP connections on 127.0.0.1:<port>.
# (bash's /dev/tcp, so no nc/ss needed; the subshell closes the socket.)
port_open() { (exec 3<>"/dev/tcp/$HOST/$1") 2>/dev/null; }

# Who listens on a port, for error messages (best effort).
port_owner() {
  if command -v ss >/dev/null; then
    ss -ltnpH "sport = :$1" 2>/dev/null | awk '{print $NF}' | head -n 3
  fi
}

# --- processes -----------------------------------------------------------------

# start_detached <pidfile> <logfile> <command...>
# Runs the command in its own session (so it is also a process-group leader
# and down.sh can signal the whole group), with stdout/stderr to <logfile>.
# The pidfile is written by the child itself before exec, so it holds the
# pid of the real server process, whatever setsid decides about forking.
start_detached() {
  local pidfile=$1 logfile=$2
  shift 2
  # shellcheck disable=SC2016 # $$ and $@ are for the inner bash
  setsid bash -c 'echo $$ >"$0"; exec "$@"' "$pidfile" "$@" \
    </dev/null >>"$logfile" 2>&1 &
  local i
  for ((i = 0; i < 50; i++)); do
    [[ -s $pidfile ]] && return 0
    sleep 0.1
  done
  die "could not start $1 (no pidfile $pidfile)"
}

# pid_alive <pidfile> <cmdline-pattern>: true if the pid in the file is running
# and its command line matches the pattern (guards against pid reuse after a
# reboot or a crash: never signal a stranger).
pid_alive() {
  local pidfile=$1 pattern=$2 pid
  [[ -s $pidfile ]] || return 1
  pid=$(<"$pidfile")
  [[ $pid =~ ^[0-9]+$ ]] || return 1
  kill -0 "$pid" 2>/dev/null || return 1
  tr '\0' ' ' <"/proc/$pid/cmdline" 2>/dev/null | grep -q -- "$pattern"
}

# stop_pidfile <name> <pidfile> <cmdline-pattern> [grace-seconds]
# SIGTERM to the process group (or the process if it is not a group leader),
# SIGKILL after the grace period. Quiet and successful if nothing runs.
stop_pidfile() {
  local name=$1 pidfile=$2 pattern=$3 grace=${4:-15} pid pgid target i
  if ! pid_alive "$pidfile" "$pattern"; then
    rm -f "$pidfile"
    return 0
  fi
  pid=$(<"$pidfile")
  pgid=$(ps -o pgid= -p "$pid" 2>/dev/null | tr -d ' ')
  target=$pid
  [[ $pgid == "$pid" ]] && target=-$pid
  log "stopping $name (pid $pid)"
  kill -TERM -- "$target" 2>/dev/null || true
  for ((i = 0; i < grace * 10; i++)); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.1
  done
  if kill -0 "$pid" 2>/dev/null; then
    log "$name did not stop within ${grace}s, sending SIGKILL"
    kill -KILL -- "$target" 2>/dev/null || true
    for ((i = 0; i < 50; i++)); do
      kill -0 "$pid" 2>/dev/null || break
      sleep 0.1
    done
  fi
  rm -f "$pidfile"
}

# wait_port_free <name> <port> [seconds]
wait_port_free() {
  local name=$1 port=$2 secs=${3:-15} i
  for ((i = 0; i < secs * 10; i++)); do
    port_open "$port" || return 0
    sleep 0.1
  done
  log "WARNING: port $port ($name) is still in use: $(port_owner "$port")"
  return 1
}

# --- apt ---------------------------------------------------------------------

# apt_install <package...>: install Debian packages (root or sudo); if the
# install fails (typically: stale or empty package lists), run
# `apt-get update` once and retry.
apt_install() {
  local sudo=()
  if [[ $(id -u) != 0 ]]; then
    command -v sudo >/dev/null || die "need root (or sudo) to apt-get install $*"
    sudo=(sudo)
  fi
  log "apt-get install -y $*"
  if ! "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@"; then
    log "install failed; running apt-get update and retrying"
    "${sudo[@]}" apt-get update -q || die "apt-get update failed"
    "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends "$@" ||
      die "apt-get install $* failed"
  fi
}

# --- Go ------------------------------------------------------------------------

# Run a go command with module and build caches inside KADR_INFRA_CACHE, so
# that the infra cache is self-contained (delete it for a truly cold start)
# and does not interfere with the user's own Go caches.
# -modcacherw: Go makes its module cache read-only by default, which makes
#   `rm -rf` of the cache fail; this keeps it deletable.
# CGO_ENABLED=0: MinIO is pure Go; no gcc.
infra_go() {
  env GOMODCACHE="$KADR_INFRA_CACHE/go/mod" \
    GOCACHE="$KADR_INFRA_CACHE/go/build-cache" \
    GOPATH="$KADR_INFRA_CACHE/go/path" \
    GOFLAGS="-buildvcs=false -modcacherw" \
    CGO_ENABLED=0 \
    go "$@"
}

# go_module_source <module> <version> <dest>: copy the source of a module
# version (downloaded through the Go proxy) into a writable folder <dest>.
go_module_source() {
  local module=$1 version=$2 dest=$3 dir
  dir=$(infra_go mod download -json "$module@$version" |
    python3 -c 'import json, sys; d = json.load(sys.stdin); print(d.get("Dir") or sys.exit(d.get("Error", "no Dir")))') ||
    die "go mod download $module@$version failed"
  rm -rf "$dest"
  mkdir -p "$(dirname "$dest")"
  cp -r "$dir" "$dest"
  chmod -R u+w "$dest"
}
