#!/usr/bin/env bash
# Stop the servers started by tools/infra/up.sh (found through the pidfiles
# in $KADR_INFRA_DIR, default <repo>/.infra), and wait for their ports to be
# free. Idempotent: succeeds when nothing is running. Keeps the logs; the next
# up.sh wipes them.
set -uo pipefail

# shellcheck source=lib.sh source-path=SCRIPTDIR
source "$(dirname "${BASH_SOURCE[0]}")/lib.sh"

if [[ ! -d $KADR_INFRA_DIR ]]; then
  exit 0
fi

# service | pidfile (relative to KADR_INFRA_DIR) | command-line pattern
# The pattern guards against signalling an unrelated process that reused a
# stale pid (e.g. after a reboot).
services=(
  "kafka|kafka/kafka.pid|kafka.Kafka"
  "mongo|mongo/mongo.pid|KadrMongoServer"
  "minio|minio/minio.pid|minio server"
  "redis|redis/redis.pid|redis-server"
)

# Ask all of them to stop first, then wait: Kafka's clean shutdown takes a
# few seconds and the others need not wait for it.
for entry in "${services[@]}"; do
  IFS='|' read -r svc pidfile pattern <<<"$entry"
  stop_pidfile "$svc" "$KADR_INFRA_DIR/$pidfile" "$pattern" 20 &
done
wait

for entry in "${services[@]}"; do
  IFS='|' read -r svc _ _ <<<"$entry"
  portfile=$KADR_INFRA_DIR/$svc/ports
  [[ -s $portfile ]] || continue
  for port in $(<"$portfile"); do
    wait_port_free "$svc" "$port" 15 || true
  done
done
exit 0
