#!/usr/bin/env bash
# Start the native test infrastructure on 127.0.0.1 (no Docker):
#   Kafka 3.9.1 (KRaft, single node)   KADR_KAFKA_PORT  (9092; controller +1)
#   mongo-java-server 1.47.0 (memory)  KADR_MONGO_PORT  (27017)
#   Redis (Debian redis-server)        KADR_REDIS_PORT  (6379)
#   MinIO (S3, built from Go source)   KADR_S3_PORT     (9000)
#
# Usage:   bash tools/infra/up.sh            (logs on stderr, env lines on stdout)
#          source .infra/env.sh              (then run the tests)
#          bash tools/infra/down.sh
#
# A server is skipped when its variable is already set by the caller
# (KAFKA_BROKERS, MONGODB_URI, REDIS_URL, S3_ENDPOINT): then the caller's value
# is passed through to env.sh. Values that came from an earlier env.sh of ours
# (listed in KADR_INFRA_VARS) do not count as set by the caller.
#
# Builds and downloads are cached in $KADR_INFRA_CACHE (~/.cache/kadr-infra);
# runtime state goes to $KADR_INFRA_DIR (<repo>/.infra), wiped on each run.
# On any failure the servers started so far are stopped again (logs stay in
# $KADR_INFRA_DIR) unless KADR_INFRA_KEEP_ON_FAILURE=1.
set -euo pipefail

# shellcheck source=lib.sh source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

# --- which servers to start ----------------------------------------------------

# caller_set <VAR>: true if VAR is set and did not come from our own env.sh.
caller_set() {
  [[ -n ${!1:-} ]] || return 1
  [[ " ${KADR_INFRA_VARS:-} " != *" $1 "* ]]
}
# Forget values exported by a previous env.sh of ours, so that
# `source .infra/env.sh; bash tools/infra/up.sh` restarts everything.
for var in ${KADR_INFRA_VARS:-}; do
  caller_set "$var" || unset "$var"
done
unset KADR_INFRA_VARS

WANT=()
caller_set KAFKA_BROKERS || WANT+=(kafka)
caller_set MONGODB_URI || WANT+=(mongo)
caller_set REDIS_URL || WANT+=(redis)
caller_set S3_ENDPOINT || WANT+=(minio)
wants() { [[ " ${WANT[*]} " == *" $1 "* ]]; }

S3_BUCKET=${S3_BUCKET:-kadr-test}
S3_REGION=${S3_REGION:-us-east-1}

# --- failure handling ------------------------------------------------------------

on_exit() {
  local rc=$?
  if ((rc != 0)) && [[ ${KADR_INFRA_KEEP_ON_FAILURE:-0} != 1 ]] && [[ -d $KADR_INFRA_DIR ]]; then
    log "up failed; stopping what was started (logs stay in $KADR_INFRA_DIR)"
    bash "$INFRA_ROOT/down.sh" >&2 || true
  fi
}
trap on_exit EXIT

# --- preparation: downloads and builds (cached) ----------------------------------

BUILD_LOGS=$KADR_INFRA_CACHE/logs
declare -A PREP_SECS READY_SECS STARTED_AT

need() { command -v "$1" >/dev/null || die "$1 not found: $2 (see tools/infra/install-prereqs.sh)"; }

# maven_libs <name> <pom> <libs-dir>: copy the runtime dependencies of the POM
# from Maven Central into <libs-dir> (once; .complete marks a finished copy).
maven_libs() {
  local name=$1 pom=$2 libs=$3
  [[ -f $libs/.complete ]] && return 0
  need mvn "Maven is needed to fetch the $name jars"
  log "$name: collecting jars from Maven Central into $libs"
  rm -rf "$libs"
  # The local Maven repository also lives in the infra cache (see infra_go).
  # Output goes to stderr: up.sh's stdout is only the env lines. Debian's
  # Maven 3.8.7 prints stray ANSI "reset" codes even with -B -q (no option
  # turns them off), hence the sed.
  mvn -B -q -f "$pom" -Dmaven.repo.local="$KADR_INFRA_CACHE/m2" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs" 2>&1 |
    sed 's/\x1b\[0m//g' >&2 ||
    die "mvn dependency:copy-dependencies failed for $pom"
  touch "$libs/.complete"
}

# java_class <src> <classpath> <out-dir>: compile a single-class Java source
# into <out-dir> (once; the caller keys <out-dir> by the source's hash).
java_class() {
  local src=$1 cp=$2 out=$3 class
  class=$(basename "$src" .java)
  [[ -f $out/$class.class ]] && return 0
  need javac "a JDK (not only a JRE) is needed to compile $src"
  javac -nowarn -cp "$cp" -d "$out" "$src" || die "javac $src failed"
}

# Short content hash of a file, for cache folder names: edit the file, get a
# new folder (and a fresh download or build).
file_key() { sha256sum "$1" | cut -c1-12; }

prepare_kafka() {
  need java "Java 17+ is needed for Kafka"
  KAFKA_LIBS=$KADR_INFRA_CACHE/kafka/$KAFKA_VERSION-$(file_key "$INFRA_ROOT/kafka/pom.xml")/libs
  maven_libs kafka "$INFRA_ROOT/kafka/pom.xml" "$KAFKA_LIBS"
  # The readiness check, compiled once per version of its source.
  local src=$INFRA_ROOT/kafka/KafkaReady.java
  KAFKA_READY_CP=$KADR_INFRA_CACHE/kafka/ready-$(file_key "$src")
  java_class "$src" "$KAFKA_LIBS/*" "$KAFKA_READY_CP"
}

prepare_mongo() {
  need java "Java 17+ is needed for mongo-java-server"
  MONGO_LIBS=$KADR_INFRA_CACHE/mongo/$MONGO_SERVER_VERSION-$(file_key "$INFRA_ROOT/mongo/pom.xml")/libs
  maven_libs mongo "$INFRA_ROOT/mongo/pom.xml" "$MONGO_LIBS"
  local src=$INFRA_ROOT/mongo/KadrMongoServer.java
  MONGO_SERVER_CP=$KADR_INFRA_CACHE/mongo/server-$(file_key "$src")
  java_class "$src" "$MONGO_LIBS/*" "$MONGO_SERVER_CP"
}

prepare_minio() {
  MINIO_BIN=$KADR_INFRA_CACHE/minio/$MINIO_VERSION/minio
  [[ -x $MINIO_BIN ]] && return 0
  need go "Go >= 1.24 is needed to build MinIO"
  local dir=$KADR_INFRA_CACHE/minio/$MINIO_VERSION blog=$BUILD_LOGS/minio.log
  mkdir -p "$BUILD_LOGS" "$dir"
  log "minio: building $MINIO_MODULE@$MINIO_VERSION (several minutes from a cold cache; log: $blog)"
  # `go install module@version` works as long as MinIO's go.mod has no
  # replace directives (true for the pinned version). If a future pin has
  # them, go install refuses, and we build from a copy of the module source,
  # where the replace directives apply.
  if ! (export GOBIN=$dir/gobin && infra_go install -trimpath -ldflags='-s -w' "$MINIO_MODULE@$MINIO_VERSION") >>"$blog" 2>&1; then
    log "minio: go install failed, building from the module source instead"
    go_module_source "$MINIO_MODULE" "$MINIO_VERSION" "$dir/src" >>"$blog" 2>&1 ||
      { log_tail "$blog"; die "could not download the MinIO source"; }
    mkdir -p "$dir/gobin"
    (cd "$dir/src" && infra_go build -trimpath -ldflags='-s -w' -o "$dir/gobin/minio" .) >>"$blog" 2>&1 ||
      { log_tail "$blog"; die "MinIO build failed"; }
    rm -rf "$dir/src"
  fi
  mv "$dir/gobin/minio" "$MINIO_BIN"
  rmdir "$dir/gobin"
}

prepare_mailpit() {
  MAILPIT_BIN=$KADR_INFRA_CACHE/mailpit/$MAILPIT_VERSION/mailpit
  [[ -x $MAILPIT_BIN ]] && return 0
  need go "Go >= 1.24 is needed to build Mailpit"
  local dir=$KADR_INFRA_CACHE/mailpit/$MAILPIT_VERSION blog=$BUILD_LOGS/mailpit.log
  mkdir -p "$BUILD_LOGS" "$dir"
  log "mailpit: building $MAILPIT_MODULE@$MAILPIT_VERSION (2-3 CPU minutes from a cold cache; log: $blog)"
  (export GOBIN=$dir/gobin && infra_go install -trimpath -ldflags='-s -w' "$MAILPIT_MODULE@$MAILPIT_VERSION") >>"$blog" 2>&1 ||
    { log_tail "$blog"; die "Mailpit build failed"; }
  mv "$dir/gobin/mailpit" "$MAILPIT_BIN"
  rmdir "$dir/gobin"
}

prepare_redis() {
  if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
    apt_install redis-server
  fi
}

# --- start -------------------------------------------------------------------------

start_kafka() {
  local d=$KADR_INFRA_DIR/kafka
  mkdir -p "$d/data" "$d/logs"
  echo "$KAFKA_PORT $KAFKA_CONTROLLER_PORT" >"$d/ports"
  cat >"$d/server.properties" <<EOF
# Generated by tools/infra/up.sh for one run; single node, broker + controller.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$KAFKA_PORT,CONTROLLER://$HOST:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$KAFKA_PORT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
inter.broker.listener.name=PLAINTEXT
controller.listener.names=CONTROLLER
log.dirs=$d/data
num.partitions=1
default.replication.factor=1
min.insync.replicas=1
# One broker: internal topics cannot have more than one replica. Few
# partitions make the first consumer group / transaction start faster.
offsets.topic.replication.factor=1
offsets.topic.num.partitions=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=1
# Tests should not wait 3 s for a consumer group to form.
group.initial.rebalance.delay.ms=0
EOF
  local log_opts=(-Dlog4j.configuration="file:$INFRA_ROOT/kafka/log4j.properties" -Dkafka.logs.dir="$d/logs")
  # A cluster id is 16 random bytes in URL-safe base64 without padding;
  # Kafka's own generator also avoids ids starting with "-" (they would look
  # like options on a command line).
  local cluster_id
  cluster_id=$(python3 -c 'import base64, uuid
while True:
    s = base64.urlsafe_b64encode(uuid.uuid4().bytes).decode().rstrip("=")
    if not s.startswith("-"): print(s); break')
  java -Xmx256m "${log_opts[@]}" -Dkafka.log.name=format -cp "$KAFKA_LIBS/*" \
    kafka.tools.StorageTool format -t "$cluster_id" -c "$d/server.properties" --ignore-formatted \
    >>"$d/logs/format.log" 2>&1 || { log_tail "$d/logs/format.log"; die "kafka storage format failed"; }
  start_detached "$d/kafka.pid" "$d/logs/stdout.log" \
    java -Xms256m -Xmx512m -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    "${log_opts[@]}" -Dkafka.log.name=server -cp "$KAFKA_LIBS/*" kafka.Kafka "$d/server.properties"
}

start_mongo() {
  local d=$KADR_INFRA_DIR/mongo
  mkdir -p "$d"
  echo "$MONGO_PORT" >"$d/ports"
  # In-memory backend: nothing on disk, all data gone when it stops. The heap
  # bounds what the tests may keep in it; on OutOfMemoryError the JVM exits
  # (and the tests fail loudly) instead of limping on. Serial GC: 2 cores.
  # The wire handler logs every client connect/close at INFO: warnings only.
  local log_opts=(-Dorg.slf4j.simpleLogger.showDateTime=true
    "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSSXXX"
    -Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.wire.MongoWireProtocolHandler=warn)
  start_detached "$d/mongo.pid" "$d/mongo.log" \
    java -Xms64m -Xmx1g -XX:+UseSerialGC -XX:+ExitOnOutOfMemoryError -Djava.awt.headless=true \
    "${log_opts[@]}" -cp "$MONGO_SERVER_CP:$MONGO_LIBS/*" KadrMongoServer "$HOST" "$MONGO_PORT"
}

start_redis() {
  local d=$KADR_INFRA_DIR/redis
  mkdir -p "$d"
  echo "$REDIS_PORT" >"$d/ports"
  # No persistence at all (--save '' disables RDB snapshots). Redis
  # daemonizes itself (own session) and writes the pidfile.
  redis-server --bind "$HOST" --port "$REDIS_PORT" --save '' --appendonly no \
    --daemonize yes --pidfile "$d/redis.pid" --logfile "$d/redis.log" --dir "$d" ||
    { log_tail "$d/redis.log"; die "redis-server failed to start"; }
  local i
  for ((i = 0; i < 50; i++)); do
    [[ -s $d/redis.pid ]] && return 0
    sleep 0.1
  done
}

start_minio() {
  local d=$KADR_INFRA_DIR/minio
  mkdir -p "$d/data"
  echo "$S3_PORT" >"$d/ports"
  # Fresh random root credentials for each run; they only live in
  # .infra/env.sh (git-ignored) and in the server's environment.
  read -r S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY < <(python3 -c 'import secrets, string
a = string.ascii_uppercase + string.digits
b = string.ascii_letters + string.digits
print("".join(secrets.choice(a) for _ in range(20)), "".join(secrets.choice(b) for _ in range(40)))')
  # In a subshell, so the secrets do not leak into anything else we start.
  (
    export MINIO_ROOT_USER=$S3_ACCESS_KEY_ID MINIO_ROOT_PASSWORD=$S3_SECRET_ACCESS_KEY
    export MINIO_SITE_REGION=$S3_REGION
    export MINIO_BROWSER=off # no web console, no second port
    export MINIO_UPDATE=off  # no update checks against the internet
    start_detached "$d/minio.pid" "$d/minio.log" \
      "$MINIO_BIN" server --address "$HOST:$S3_PORT" "$d/data"
  ) || die "could not start minio"
}

# --- readiness -----------------------------------------------------------------

# wait_ready <service> <pidfile> <pattern> <logfile> <check command...>
# Polls the check until it succeeds; fails early if the server exits, or
# after KADR_INFRA_TIMEOUT seconds (from the server's start), with its log.
wait_ready() {
  local svc=$1 pidfile=$2 pattern=$3 logfile=$4
  shift 4
  until "$@" >/dev/null 2>&1; do
    if ! pid_alive "$pidfile" "$pattern"; then
      log_tail "$logfile"
      die "$svc exited during startup (log: $logfile)"
    fi
    if (($(awk -v a="${STARTED_AT[$svc]}" -v b="$EPOCHREALTIME" -v t="$KADR_INFRA_TIMEOUT" 'BEGIN { print (b - a > t) }'))); then
      log_tail "$logfile"
      die "$svc not ready after ${KADR_INFRA_TIMEOUT}s (check: $*; log: $logfile)"
    fi
    sleep 0.2
  done
}

wait_kafka() {
  local d=$KADR_INFRA_DIR/kafka
  wait_ready kafka "$d/kafka.pid" kafka.Kafka "$d/logs/server.log" port_open "$KAFKA_PORT"
  # Listening is not enough: ready = a topic can be created and has a leader.
  local left
  left=$(awk -v a="${STARTED_AT[kafka]}" -v b="$EPOCHREALTIME" -v t="$KADR_INFRA_TIMEOUT" 'BEGIN { l = int(t - (b - a)); print (l < 5 ? 5 : l) }')
  java -Xmx128m -XX:TieredStopAtLevel=1 -Dlog4j.configuration="file:$INFRA_ROOT/kafka/log4j.properties" \
    -Dkafka.logs.dir="$d/logs" -Dkafka.log.name=ready -cp "$KAFKA_READY_CP:$KAFKA_LIBS/*" \
    KafkaReady "$HOST:$KAFKA_PORT" "$left" kadr-infra-ready >&2 ||
    { log_tail "$d/logs/server.log"; die "kafka did not become ready (logs: $d/logs)"; }
}

wait_mongo() {
  local d=$KADR_INFRA_DIR/mongo
  wait_ready mongo "$d/mongo.pid" KadrMongoServer "$d/mongo.log" \
    python3 "$INFRA_ROOT/helpers/mongo_ping.py" "$HOST" "$MONGO_PORT"
}

redis_pong() { [[ $(redis-cli -h "$HOST" -p "$REDIS_PORT" ping 2>/dev/null) == PONG ]]; }
wait_redis() {
  local d=$KADR_INFRA_DIR/redis
  wait_ready redis "$d/redis.pid" redis-server "$d/redis.log" redis_pong
}

wait_minio() {
  local d=$KADR_INFRA_DIR/minio
  wait_ready minio "$d/minio.pid" "minio server" "$d/minio.log" \
    curl -fsS -o /dev/null "http://$HOST:$S3_PORT/minio/health/ready"
  S3_ENDPOINT=http://$HOST:$S3_PORT S3_REGION=$S3_REGION \
    S3_ACCESS_KEY_ID=$S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY=$S3_SECRET_ACCESS_KEY \
    python3 "$INFRA_ROOT/helpers/s3.py" mkbucket "$S3_BUCKET" || die "could not create bucket $S3_BUCKET"
}

# --- main --------------------------------------------------------------------------

# shellcheck disable=SC2034
main() {
  local t0 svc t
  t0=$(now)
  if ((${#WANT[@]} == 0)); then
    log "all of KAFKA_BROKERS, MONGODB_URI, REDIS_URL, S3_ENDPOINT are set: nothing to start"
  fi
  need python3 "python3 (stdlib only) runs the readiness checks"
  need setsid "setsid (util-linux) starts the servers in their own process groups"
  wants minio && need curl "curl checks MinIO's health endpoint"

  # Stop whatever a previous `up` left running, then start from a clean slate.
  bash "$INFRA_ROOT/down.sh" >&2
  rm -rf "$KADR_INFRA_DIR"
  mkdir -p "$KADR_INFRA_DIR"

  # Fail early and clearly if a port is taken by something that is not ours.
  local port
  for svc in "${WANT[@]}"; do
    case $svc in
      kafka) port="$KAFKA_PORT $KAFKA_CONTROLLER_PORT" ;;
      mongo) port=$MONGO_PORT ;;
      redis) port=$REDIS_PORT ;;
      minio) port=$S3_PORT ;;
    esac
    for p in $port; do
      if port_open "$p"; then
        die "port $p (for $svc) is already in use by: $(port_owner "$p") — stop it or set the KADR_*_PORT variable"
      fi
    done
  done

  for svc in "${WANT[@]}"; do
    t=$(now)
    "prepare_$svc"
    PREP_SECS[$svc]=$(since "$t")
  done

  # Start everything first, then wait: the servers boot in parallel.
  for svc in "${WANT[@]}"; do
    STARTED_AT[$svc]=$(now)
    log "starting $svc"
    "start_$svc"
  done
  # Wait for all of them concurrently, so that each one's time is its own.
  # Each waiter is a subshell that records its time in a file (subshells
  # cannot set our variables) and exits non-zero on failure.
  local -A waiter
  for svc in "${WANT[@]}"; do
    (
      "wait_$svc"
      since "${STARTED_AT[$svc]}" >"$KADR_INFRA_DIR/$svc/ready-seconds"
      log "$svc ready after $(<"$KADR_INFRA_DIR/$svc/ready-seconds")s"
    ) &
    waiter[$svc]=$!
  done
  local failed=()
  for svc in "${WANT[@]}"; do
    if wait "${waiter[$svc]}"; then
      READY_SECS[$svc]=$(<"$KADR_INFRA_DIR/$svc/ready-seconds")
    else
      failed+=("$svc")
    fi
  done
  ((${#failed[@]} == 0)) || die "not ready: ${failed[*]}"

  # The environment for the tests: ours, or the caller's value passed through.
  # (Written below through ${!v}, which shellcheck cannot follow: SC2034.)
  wants kafka && KAFKA_BROKERS=$HOST:$KAFKA_PORT
  wants mongo && MONGODB_URI=mongodb://$HOST:$MONGO_PORT
  wants redis && REDIS_URL=redis://$HOST:$REDIS_PORT
  if wants minio; then
    S3_ENDPOINT=http://$HOST:$S3_PORT
    S3_FORCE_PATH_STYLE=true
  fi
  local vars=(KAFKA_BROKERS MONGODB_URI REDIS_URL S3_ENDPOINT S3_REGION S3_BUCKET
    S3_ACCESS_KEY_ID S3_SECRET_ACCESS_KEY S3_FORCE_PATH_STYLE)
  local envfile=$KADR_INFRA_DIR/env.sh owned=() v
  for v in KAFKA_BROKERS:kafka MONGODB_URI:mongo REDIS_URL:redis S3_ENDPOINT:minio \
    S3_ACCESS_KEY_ID:minio S3_SECRET_ACCESS_KEY:minio S3_FORCE_PATH_STYLE:minio; do
    wants "${v#*:}" && owned+=("${v%%:*}")
  done
  (
    umask 077
    {
      echo "# Written by tools/infra/up.sh; source it: . $envfile"
      for v in "${vars[@]}"; do
        [[ -n ${!v:-} ]] && printf 'export %s=%q\n' "$v" "${!v}"
      done
      # Lets a later up.sh tell our values from the caller's own.
      printf 'export KADR_INFRA_VARS=%q\n' "${owned[*]}"
    } >"$envfile"
  )
  grep '^export [A-Z0-9_]*=' "$envfile" | grep -v '^export KADR_INFRA_VARS='

  log "timings (prepare = download/build, 0.0 when cached; ready = start to ready):"
  for svc in "${WANT[@]}"; do
    log "$(printf '  %-9s prepare %6ss   ready %6ss' "$svc" "${PREP_SECS[$svc]}" "${READY_SECS[$svc]}")"
  done
  log "all up in $(since "$t0")s; environment: . $envfile"
}

# `up.sh --fetch-kafka`: only fetch the Kafka jars into the cache, start nothing. The Kafka chaos
# suite runs brokers of its own from them, on the testcontainers path too.
# `up.sh --fetch-mailpit`: only build Mailpit into the cache and print its path (stdout), start
# nothing. The mail sender's contract suite starts it itself (KADR_MAILPIT_BIN), on every path.
if [[ "${1:-}" == --fetch-mailpit ]]; then
  prepare_mailpit
  echo "$MAILPIT_BIN"
  exit 0
fi
if [[ "${1:-}" == --fetch-kafka ]]; then
  prepare_kafka
  log "kafka jars ready: $KAFKA_LIBS"
  exit 0
fi
main "$@"
