#!/bin/bash
# As in the Kafka 3.9.1 distribution: runs kafka.tools.ConsoleProducer.
exec "$(dirname "${BASH_SOURCE[0]}")/kafka-run-class.sh" kafka.tools.ConsoleProducer "$@"
