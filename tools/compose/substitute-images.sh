#!/usr/bin/env bash
# Local substitutes of the infrastructure images that docker-compose.yml names, built under
# the official names for a machine whose Docker engine cannot pull from any registry (CI here).
# What each one is and how it differs from the official image: tools/compose/SUBSTITUTES.md.
#
#   kafka       apache/kafka:3.9.1                   Kafka 3.9.1 jars (Maven Central), Java 17
#   mongo       mongo:7.0                            mongo-java-server 1.47.0, H2 file backend, Java 17
#   redis       redis:7.0.15-bookworm                Debian bookworm redis-server 7.0.15
#   minio       minio/minio:RELEASE.2025-10-15T17-29-55Z   MinIO built from Go source by tools/infra
#   keycloak    quay.io/keycloak/keycloak:26.7.3     keycloak-quarkus-dist zip (Maven Central), Java 25
#   prometheus  prom/prometheus:v2.42.0              Debian bookworm prometheus 2.42.0
#
# Usage: bash tools/compose/substitute-images.sh [--force] [--no-cache] [name...]
# Default: all six. An image that already exists in the engine is skipped unless --force;
# --no-cache (implies --force) also ignores Docker's layer cache.
# Everything fetched or built on the host is cached by version under
# ${KADR_INFRA_CACHE:-~/.cache/kadr-infra} (shared with tools/infra: the Maven repository m2/,
# the mongo jars and the MinIO binary); substitutes/ holds this script's own (JREs, jars, zip).
# Needs: the engine (tools/containers/engine.sh up), the image kadr-local/debian-minbase:bookworm
# (tools/containers/base-images.sh), mvn, the JDKs below, go (only while MinIO is not cached), unzip.
set -euo pipefail
# Helpers print paths through $(...): a failure inside one must stop the script too.
shopt -s inherit_errexit

COMPOSE_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
SUBSTITUTES="$COMPOSE_DIR/substitutes"
# Versions, the MinIO source pin and the Go helpers are tools/infra's (one pin for both).
# shellcheck source=SCRIPTDIR/../infra/lib.sh
. "$COMPOSE_DIR/../infra/lib.sh"
SUB_CACHE="$KADR_INFRA_CACHE/substitutes"
M2="$KADR_INFRA_CACHE/m2"

JDK17="${KADR_JDK17_HOME:-/usr/lib/jvm/java-17-openjdk-amd64}"
JDK25="${KADR_JDK25_HOME:-/usr/lib/jvm/temurin-25-jdk-amd64}"
KEYCLOAK_VERSION="${KADR_KEYCLOAK_VERSION:-26.7.3}"
# MinIO publishes no version numbers; tools/infra builds a pinned master commit
# (MINIO_VERSION, 2026-02-12), newer than the last release tag, RELEASE.2025-10-15T17-29-55Z.
# The image is named after that tag, the nearest release.
MINIO_RELEASE_TAG="RELEASE.2025-10-15T17-29-55Z"
BASE_TAG="kadr-local/debian-minbase:bookworm"

declare -A TAG=(
  [kafka]="apache/kafka:$KAFKA_VERSION"
  [mongo]="mongo:7.0"
  [redis]="redis:7.0.15-bookworm"
  [minio]="minio/minio:$MINIO_RELEASE_TAG"
  [keycloak]="quay.io/keycloak/keycloak:$KEYCLOAK_VERSION"
  [prometheus]="prom/prometheus:v2.42.0"
)
ALL=(kafka mongo redis minio keycloak prometheus)

log() { printf '[substitutes] %s\n' "$*" >&2; }
die() {
  log "ERROR: $*"
  exit 1
}

FORCE=0
BUILD_OPTS=()
WANT=()
for a in "$@"; do
  case "$a" in
  --force) FORCE=1 ;;
  --no-cache)
    FORCE=1
    BUILD_OPTS+=(--no-cache)
    ;;
  -h | --help)
    awk 'NR > 1 && /^#/ { print; next } NR > 1 { exit }' "$0"
    exit 0
    ;;
  *)
    [[ -n ${TAG[$a]:-} ]] || die "unknown argument: $a (expected --force, --no-cache or: ${ALL[*]})"
    WANT+=("$a")
    ;;
  esac
done
[[ ${#WANT[@]} -gt 0 ]] || WANT=("${ALL[@]}")

# The engine's own client (docker 20.10, BuildKit built in), as tools/containers/*.sh.
if [[ -z ${DOCKER_HOST:-} && -f $REPO_ROOT/.docker-engine/env.sh ]]; then
  # shellcheck disable=SC1091
  . "$REPO_ROOT/.docker-engine/env.sh"
fi
if [[ -z ${DOCKER:-} ]]; then
  if [[ -x /usr/bin/docker ]]; then DOCKER=/usr/bin/docker; else DOCKER="$(command -v docker)"; fi
fi
export DOCKER_BUILDKIT="${DOCKER_BUILDKIT:-1}"
"$DOCKER" info >/dev/null 2>&1 ||
  die "no engine at DOCKER_HOST=${DOCKER_HOST:-<unset>}; run: bash tools/containers/engine.sh up && source .docker-engine/env.sh"

# Short content hash of a file for cache folder names (as tools/infra/up.sh): edit it, fetch again.
file_key() { sha256sum "$1" | cut -c1-12; }

have_image() { "$DOCKER" image inspect "$1" >/dev/null 2>&1; }

mkdir -p "$SUB_CACHE"
# Build contexts next to the cache, so artifacts can be hard-linked into them instead of copied.
WORK="$(mktemp -d "$SUB_CACHE/work.XXXXXX")"
CURRENT=""
on_exit() {
  local rc=$?
  rm -rf "${WORK:?}"
  if [[ $rc -ne 0 && -n $CURRENT ]]; then log "FAILED: ${TAG[$CURRENT]} ($CURRENT)"; fi
  exit "$rc"
}
trap on_exit EXIT

# link_into <src> <dest>: hard links where possible (same file system), a copy otherwise.
link_into() { cp -al "$1" "$2" 2>/dev/null || cp -a "$1" "$2"; }

# context <name>: a fresh build context holding tools/compose/substitutes/<name>/.
context() {
  local ctx="$WORK/$1"
  rm -rf "${ctx:?}"
  mkdir -p "$ctx"
  cp -a "$SUBSTITUTES/$1/." "$ctx/"
  printf '%s' "$ctx"
}

docker_build() { # name context [build args...]
  local name=$1 ctx=$2
  shift 2
  local build_log="$WORK/$name-build.log"
  if ! "$DOCKER" build --network host --pull=false "${BUILD_OPTS[@]}" -t "${TAG[$name]}" "$@" "$ctx" >"$build_log" 2>&1; then
    tail -n 40 "$build_log" >&2
    die "docker build ${TAG[$name]} failed"
  fi
}

# --- host-side ingredients (cached) -------------------------------------------------------

# Maven output without Debian Maven 3.8's stray ANSI resets; the pipeline fails with mvn.
quiet_mvn() { mvn -B -q -Dmaven.repo.local="$M2" "$@" 2>&1 | sed 's/\x1b\[0m//g' >&2; }

# maven_libs <pom> <libs-dir>: the POM's runtime dependencies (once; .complete marks a full copy).
maven_libs() {
  local pom=$1 libs=$2
  [[ -f $libs/.complete ]] && return 0
  log "collecting the jars of $pom into $libs"
  rm -rf "${libs:?}"
  quiet_mvn -f "$pom" dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$libs" ||
    die "mvn dependency:copy-dependencies failed for $pom"
  touch "$libs/.complete"
}

# Every module of the JDK except the development tools (compiler, debugger agents, jlink,
# jshell, ...): what a server may load, for ~half the size of the JDK. jlink adds whatever
# a kept module requires.
runtime_modules() {
  "$1/bin/java" --list-modules | sed 's/@.*//' |
    grep -Ev '^jdk\.(compiler|javadoc|jshell|jlink|jpackage|jdeps|jconsole|jartool|jdi|jdwp\.agent|hotspot\.agent|editpad|jstatd|internal\..*|incubator\..*|graal\..*|jsobject|accessibility)$' |
    paste -sd, -
}

# jre <jdk-home>: prints the folder of a jlink'd runtime of that JDK (built once per JDK build).
jre() {
  local jdk=$1 key major dir modules compress
  [[ -x $jdk/bin/jlink ]] || die "no JDK with jlink at $jdk"
  modules="$(runtime_modules "$jdk")"
  key="$({ cat "$jdk/release" && echo "$modules"; } | sha256sum | cut -c1-12)"
  dir="$SUB_CACHE/jre/$(basename "$jdk")-$key"
  if [[ ! -x $dir/bin/java ]]; then
    major="$("$jdk/bin/java" -XshowSettings:properties -version 2>&1 | awk -F' = ' '/java.specification.version/ {print $2}')"
    # zip-N replaced the numeric levels in JDK 21
    if ((major >= 21)); then compress="zip-6"; else compress="2"; fi
    log "jlink a Java $major runtime from $jdk into $dir"
    rm -rf "${dir:?}" "${dir:?}.tmp"
    mkdir -p "$(dirname "$dir")"
    "$jdk/bin/jlink" --add-modules "$modules" --strip-debug --no-man-pages --no-header-files \
      --compress="$compress" --output "$dir.tmp" >&2 || die "jlink failed for $jdk"
    mv "$dir.tmp" "$dir"
  fi
  printf '%s' "$dir"
}

kafka_libs() {
  local pom="$SUBSTITUTES/kafka/pom.xml" dir
  dir="$SUB_CACHE/kafka/$KAFKA_VERSION-$(file_key "$pom")/libs"
  maven_libs "$pom" "$dir"
  printf '%s' "$dir"
}

# The same jars and source tools/infra/up.sh uses (same cache folder for the jars); the class
# is compiled here for Java 17, the image's runtime, whatever the host's default javac is.
mongo_libs() {
  local pom="$INFRA_ROOT/mongo/pom.xml" dir
  dir="$KADR_INFRA_CACHE/mongo/$MONGO_SERVER_VERSION-$(file_key "$pom")/libs"
  maven_libs "$pom" "$dir"
  printf '%s' "$dir"
}
mongo_classes() {
  local libs=$1 src="$INFRA_ROOT/mongo/KadrMongoServer.java" dir
  dir="$SUB_CACHE/mongo/server-$(file_key "$src")-java17"
  if [[ ! -f $dir/KadrMongoServer.class ]]; then
    mkdir -p "$dir"
    "$JDK17/bin/javac" -nowarn --release 17 -cp "$libs/*" -d "$dir" "$src" || die "javac $src failed"
  fi
  printf '%s' "$dir"
}

# The binary tools/infra/up.sh builds (same path, so either one builds it once per machine).
minio_binary() {
  local dir="$KADR_INFRA_CACHE/minio/$MINIO_VERSION" blog="$KADR_INFRA_CACHE/logs/minio.log"
  local bin="$dir/minio"
  if [[ ! -x $bin ]]; then
    command -v go >/dev/null || die "go is needed to build MinIO (or run tools/infra/up.sh once)"
    mkdir -p "$dir" "$(dirname "$blog")"
    log "building $MINIO_MODULE@$MINIO_VERSION (minutes from a cold cache; log: $blog)"
    if ! (export GOBIN=$dir/gobin && infra_go install -trimpath -ldflags='-s -w' "$MINIO_MODULE@$MINIO_VERSION") >>"$blog" 2>&1; then
      go_module_source "$MINIO_MODULE" "$MINIO_VERSION" "$dir/src" >>"$blog" 2>&1 || die "could not download the MinIO source"
      (cd "$dir/src" && infra_go build -trimpath -ldflags='-s -w' -o "$dir/gobin/minio" .) >>"$blog" 2>&1 ||
        die "MinIO build failed (log: $blog)"
      rm -rf "${dir:?}/src"
    fi
    mv "$dir/gobin/minio" "$bin"
    rmdir "$dir/gobin" 2>/dev/null || true
  fi
  printf '%s' "$bin"
}

# keycloak_dist: the unpacked org.keycloak:keycloak-quarkus-dist:<version>:zip.
keycloak_dist() {
  local dir="$SUB_CACHE/keycloak/$KEYCLOAK_VERSION" zip
  if [[ ! -f $dir/.complete ]]; then
    command -v unzip >/dev/null || die "unzip is needed to unpack the Keycloak distribution"
    log "fetching org.keycloak:keycloak-quarkus-dist:$KEYCLOAK_VERSION:zip from Maven Central"
    rm -rf "${dir:?}"
    mkdir -p "$dir/zip" "$WORK/keycloak-pom"
    # dependency:copy needs a project to run in; an empty one will do.
    printf '%s\n' '<project><modelVersion>4.0.0</modelVersion><groupId>dev.kadr.compose</groupId>' \
      '<artifactId>keycloak-fetch</artifactId><version>0</version><packaging>pom</packaging></project>' \
      >"$WORK/keycloak-pom/pom.xml"
    quiet_mvn -f "$WORK/keycloak-pom/pom.xml" org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy \
      "-Dartifact=org.keycloak:keycloak-quarkus-dist:$KEYCLOAK_VERSION:zip" -DoutputDirectory="$dir/zip" ||
      die "could not fetch keycloak-quarkus-dist $KEYCLOAK_VERSION"
    zip="$dir/zip/keycloak-quarkus-dist-$KEYCLOAK_VERSION.zip"
    unzip -q "$zip" -d "$dir/unpacked" || die "unzip $zip failed"
    [[ -x $dir/unpacked/keycloak-$KEYCLOAK_VERSION/bin/kc.sh ]] || die "no bin/kc.sh in $zip"
    rm -f "$zip"
    touch "$dir/.complete"
  fi
  printf '%s' "$dir/unpacked/keycloak-$KEYCLOAK_VERSION"
}

# --- the images ---------------------------------------------------------------------------

build_kafka() {
  local ctx libs jar class runtime
  libs="$(kafka_libs)"
  # Each bin/ script must name a class these jars have (they moved between modules over releases).
  for script in "$SUBSTITUTES"/kafka/bin/kafka-*.sh; do
    class="$(grep -oE 'kafka-run-class.sh" [A-Za-z0-9_.]+' "$script" | awk '{print $2}')" || continue
    [[ -n $class && $script != */kafka-run-class.sh ]] || continue
    for jar in "$libs"/kafka*.jar; do
      unzip -Z1 "$jar" "${class//.//}.class" >/dev/null 2>&1 && continue 2
    done
    die "$(basename "$script") runs $class, which no Kafka jar contains"
  done
  runtime="$(jre "$JDK17")"
  ctx="$(context kafka)"
  link_into "$runtime" "$ctx/jre"
  link_into "$libs" "$ctx/libs"
  rm -f "$ctx/libs/.complete" "$ctx/pom.xml"
  docker_build kafka "$ctx"
}

build_mongo() {
  local ctx libs classes runtime
  libs="$(mongo_libs)"
  classes="$(mongo_classes "$libs")"
  runtime="$(jre "$JDK17")"
  ctx="$(context mongo)"
  link_into "$runtime" "$ctx/jre"
  link_into "$libs" "$ctx/libs"
  link_into "$classes" "$ctx/classes"
  rm -f "$ctx/libs/.complete"
  docker_build mongo "$ctx"
}

build_redis() { docker_build redis "$(context redis)"; }

build_minio() {
  local ctx bin
  bin="$(minio_binary)"
  ctx="$(context minio)"
  link_into "$bin" "$ctx/minio"
  docker_build minio "$ctx" --build-arg "MINIO_SOURCE_VERSION=$MINIO_MODULE@$MINIO_VERSION" \
    --build-arg "MINIO_RELEASE_TAG=$MINIO_RELEASE_TAG"
}

build_keycloak() {
  local ctx runtime dist
  runtime="$(jre "$JDK25")"
  dist="$(keycloak_dist)"
  ctx="$(context keycloak)"
  link_into "$runtime" "$ctx/jre"
  link_into "$dist" "$ctx/keycloak"
  docker_build keycloak "$ctx" --build-arg "KEYCLOAK_VERSION=$KEYCLOAK_VERSION"
}

build_prometheus() { docker_build prometheus "$(context prometheus)"; }

have_image "$BASE_TAG" || die "$BASE_TAG missing: run bash tools/containers/base-images.sh first"

T_ALL=$SECONDS
for name in "${WANT[@]}"; do
  tag="${TAG[$name]}"
  if [[ $FORCE -eq 0 ]] && have_image "$tag"; then
    log "$tag exists, skipped"
    continue
  fi
  CURRENT=$name
  t0=$SECONDS
  log "building $tag ..."
  "build_$name"
  log "$tag built in $((SECONDS - t0)) s ($("$DOCKER" image inspect -f '{{.Size}}' "$tag" | awk '{printf "%.0f MB", $1 / 1e6}'))"
  CURRENT=""
done
log "total $((SECONDS - T_ALL)) s"
