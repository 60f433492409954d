// Readiness check for the local Kafka broker, run by tools/infra/up.sh with
// Java's single-file source launcher (no build step):
//
//   java -cp '<kafka libs>/*' tools/infra/kafka/KafkaReady.java \
//        <bootstrap> <timeout-seconds> <topic> [<topic> ...]
//
// "Ready" means: every topic named can be created (or already exists), each
// of its partitions has a leader, and the group coordinator answers. A broker that merely accepts TCP
// connections is not ready yet: on KRaft it may still be waiting for the
// controller, and clients that subscribe to topics then misbehave.
// Exits 0 when ready, 1 on timeout (printing the last error).

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;

import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartitionInfo;
import org.apache.kafka.common.errors.TopicExistsException;

public class KafkaReady {
    public static void main(String[] args) throws Exception {
        if (args.length < 3) {
            System.err.println("usage: KafkaReady <bootstrap> <timeout-seconds> <topic>...");
            System.exit(2);
        }
        String bootstrap = args[0];
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Long.parseLong(args[1]));
        List<String> topics = new ArrayList<>();
        for (int i = 2; i < args.length; i++) topics.add(args[i]);

        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
        props.put(AdminClientConfig.CLIENT_ID_CONFIG, "kadr-infra-ready");
        props.put(AdminClientConfig.REQUEST_TIMEOUT_MS_CONFIG, 3000);
        props.put(AdminClientConfig.DEFAULT_API_TIMEOUT_MS_CONFIG, 5000);
        // Retry connecting quickly while the broker is starting.
        props.put(AdminClientConfig.RECONNECT_BACKOFF_MS_CONFIG, 100);
        props.put(AdminClientConfig.RECONNECT_BACKOFF_MAX_MS_CONFIG, 500);

        String lastError = "no attempt made";
        try (Admin admin = Admin.create(props)) {
            while (System.nanoTime() < deadline) {
                try {
                    if (ready(admin, topics)) {
                        System.out.println("kafka ready: " + String.join(",", topics) + " have leaders, group coordinator up");
                        return;
                    }
                    lastError = "a partition has no leader yet";
                } catch (ExecutionException e) {
                    lastError = String.valueOf(e.getCause());
                } catch (Exception e) {
                    lastError = String.valueOf(e);
                }
                Thread.sleep(250);
            }
        }
        System.err.println("kafka not ready before timeout: " + lastError);
        System.exit(1);
    }

    private static boolean ready(Admin admin, List<String> topics) throws Exception {
        List<NewTopic> wanted = new ArrayList<>();
        for (String t : topics) wanted.add(new NewTopic(t, 1, (short) 1));
        for (Map.Entry<String, org.apache.kafka.common.KafkaFuture<Void>> e :
                admin.createTopics(wanted).values().entrySet()) {
            try {
                e.getValue().get();
            } catch (ExecutionException ex) {
                if (!(ex.getCause() instanceof TopicExistsException)) throw ex;
            }
        }
        Map<String, TopicDescription> described = admin.describeTopics(topics).allTopicNames().get();
        for (TopicDescription d : described.values()) {
            for (TopicPartitionInfo p : d.partitions()) {
                if (p.leader() == null || p.leader().id() < 0) return false;
            }
        }
        // Also wait for the group coordinator: the first FindCoordinator
        // request creates __consumer_offsets, and until it has a leader,
        // consumers get "The group coordinator is not available" (kafkajs
        // retries, but the first test pays for it). Describing a group that
        // does not exist is enough to trigger and await that.
        admin.describeConsumerGroups(List.of("kadr-infra-ready")).all().get();
        return true;
    }
}
