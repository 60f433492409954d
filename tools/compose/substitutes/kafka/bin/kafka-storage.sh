#!/bin/bash
# As in the Kafka 3.9.1 distribution: runs kafka.tools.StorageTool.
exec "$(dirname "${BASH_SOURCE[0]}")/kafka-run-class.sh" kafka.tools.StorageTool "$@"
