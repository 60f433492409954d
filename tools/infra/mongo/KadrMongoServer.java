// The MongoDB-compatible test server: mongo-java-server with its in-memory
// backend, started by tools/infra/up.sh (compiled once into the infra cache):
//
//   java -cp '<classes>:<mongo libs>/*' KadrMongoServer <host> <port>
//
// Why this and not FerretDB: see "MongoDB-compatible server" in
// tools/infra/README.md (in short: each update of one document is atomic
// here, as on MongoDB; FerretDB 1.24 loses concurrent updates).
// Data lives in memory only and is gone when the process stops. Runs until
// SIGTERM/SIGINT, then closes the client connections and exits.

import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

public class KadrMongoServer {
    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2) {
            System.err.println("usage: KadrMongoServer <host> <port>");
            System.exit(2);
        }
        MongoServer server = new MongoServer(new MemoryBackend());
        // Throws (and the JVM exits non-zero) if the port is taken.
        server.bind(args[0], Integer.parseInt(args[1]));
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow, "kadr-mongo-shutdown"));
        // The Netty threads keep the JVM alive; this thread has nothing left to do.
        Thread.currentThread().join();
    }
}
