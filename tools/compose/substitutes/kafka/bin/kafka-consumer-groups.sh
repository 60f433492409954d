#!/bin/bash
# As in the Kafka 3.9.1 distribution: runs org.apache.kafka.tools.consumer.group.ConsumerGroupCommand.
exec "$(dirname "${BASH_SOURCE[0]}")/kafka-run-class.sh" org.apache.kafka.tools.consumer.group.ConsumerGroupCommand "$@"
