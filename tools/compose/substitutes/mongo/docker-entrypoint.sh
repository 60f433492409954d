#!/bin/bash
# Entrypoint of the local mongo:7.0 substitute (see tools/compose/SUBSTITUTES.md): takes the
# official image's `mongod [options]` command and starts mongo-java-server (KadrMongoServer)
# with the H2 backend in <dbpath>/kadr-mongo-java-server.mv.db. Options it cannot honour make it
# stop with an error that names them, rather than run with a different meaning.
set -euo pipefail

# As the official entrypoint: a first argument that is an option means mongod.
if [[ ${1:-} == -* ]]; then set -- mongod "$@"; fi
if [[ ${1:-} != mongod ]]; then exec "$@"; fi
shift

fail() {
  echo "mongod (mongo-java-server substitute): $*" >&2
  exit 2
}

# The official image creates a root user from these; mongo-java-server has no authentication.
for v in MONGO_INITDB_ROOT_USERNAME MONGO_INITDB_ROOT_PASSWORD MONGO_INITDB_DATABASE; do
  [[ -z ${!v:-} ]] || fail "$v is set, but this substitute has no users or authentication"
done

port=27017 bind_ip='' bind_ip_all=0 dbpath=/data/db unsupported=()
value() { [[ $# -ge 2 && $2 != --* ]] || fail "$1 needs a value"; }
while (($#)); do
  case $1 in
  --port) value "$@"; port=$2; shift 2 ;;
  --port=*) port=${1#*=}; shift ;;
  --bind_ip) value "$@"; bind_ip=$2; shift 2 ;;
  --bind_ip=*) bind_ip=${1#*=}; shift ;;
  --bind_ip_all) bind_ip_all=1; shift ;;
  --dbpath) value "$@"; dbpath=$2; shift 2 ;;
  --dbpath=*) dbpath=${1#*=}; shift ;;
  *) unsupported+=("$1"); shift ;;
  esac
done
((${#unsupported[@]} == 0)) || fail "unsupported option(s): ${unsupported[*]} (supported: --port, --bind_ip, --bind_ip_all, --dbpath)"
[[ $port =~ ^[0-9]+$ ]] || fail "--port must be a number, got '$port'"

if ((bind_ip_all)); then
  [[ -z $bind_ip ]] || fail "--bind_ip and --bind_ip_all exclude each other"
  bind_ip=0.0.0.0
elif [[ -z $bind_ip ]]; then
  # As the official entrypoint, which adds --bind_ip_all when no address is given.
  bind_ip=0.0.0.0
fi
[[ $bind_ip != *,* ]] || fail "--bind_ip '$bind_ip': mongo-java-server listens on one address only"

[[ -d $dbpath && -w $dbpath ]] || fail "dbpath $dbpath is not a writable directory (uid $(id -u))"

read -ra java_opts <<<"${JAVA_OPTS:--Xms64m -Xmx1g -XX:+UseSerialGC -XX:+ExitOnOutOfMemoryError}"
# The wire handler logs every client connect/close at INFO: warnings only.
exec "${JAVA_HOME:-/opt/java/openjdk}/bin/java" "${java_opts[@]}" -Djava.awt.headless=true \
  -Dorg.slf4j.simpleLogger.showDateTime=true \
  "-Dorg.slf4j.simpleLogger.dateTimeFormat=yyyy-MM-dd'T'HH:mm:ss.SSSXXX" \
  -Dorg.slf4j.simpleLogger.log.de.bwaldvogel.mongo.wire.MongoWireProtocolHandler=warn \
  -cp "/opt/mongo-java-server/classes:/opt/mongo-java-server/libs/*" \
  KadrMongoServer "$bind_ip" "$port" "$dbpath/kadr-mongo-java-server.mv.db"
