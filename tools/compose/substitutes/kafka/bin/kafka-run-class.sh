#!/bin/bash
# kafka-run-class.sh <main class> [args...]: run one Kafka class with the image's jars,
# the way the distribution's script of that name does (its JVM options as variables),
# minus its JMX, GC-log and classpath-scanning extras.
set -euo pipefail
base_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
java=${JAVA_HOME:-/opt/java/openjdk}/bin/java
read -ra heap_opts <<<"${KAFKA_HEAP_OPTS:--Xmx256M}"
# A short-lived client on a small machine: serial GC and the C1 compiler only start fastest.
read -ra perf_opts <<<"${KAFKA_JVM_PERFORMANCE_OPTS:--XX:+UseSerialGC -XX:TieredStopAtLevel=1 -Djava.awt.headless=true}"
read -ra log4j_opts <<<"${KAFKA_LOG4J_OPTS:--Dlog4j.configuration=file:$base_dir/config/tools-log4j.properties}"
read -ra extra_opts <<<"${KAFKA_OPTS:-}"
exec "$java" "${heap_opts[@]}" "${perf_opts[@]}" "${log4j_opts[@]}" "${extra_opts[@]}" \
  -cp "$base_dir/libs/*" "$@"
