// The MongoDB-compatible test server: mongo-java-server with its in-memory
// backend, started by tools/infra/up.sh (compiled once into the infra cache):
//
//   java -cp '<classes>:<mongo libs>/*' KadrMongoServer <host> <port> [<h2-file>]
//
// Why this and not FerretDB: see "MongoDB-compatible server" in
// tools/infra/README.md (in short: each update of one document is atomic
// here, as on MongoDB; FerretDB 1.24 loses concurrent updates).
// Without <h2-file> (what up.sh does) data lives in memory only and is gone
// when the process stops. With it, the H2 backend keeps the data in that
// MVStore file (the local substitute of the mongo image, whose volume must
// survive a restart: tools/compose/substitutes/mongo). Runs until
// SIGTERM/SIGINT, then closes the client connections and exits (closing the
// H2 backend commits what is still pending to the file).

import de.bwaldvogel.mongo.MongoBackend;
import de.bwaldvogel.mongo.MongoServer;
import de.bwaldvogel.mongo.backend.h2.H2Backend;
import de.bwaldvogel.mongo.backend.memory.MemoryBackend;

public class KadrMongoServer {
    public static void main(String[] args) throws InterruptedException {
        if (args.length != 2 && args.length != 3) {
            System.err.println("usage: KadrMongoServer <host> <port> [<h2-file>]");
            System.exit(2);
        }
        MongoBackend backend = args.length == 3 ? new H2Backend(args[2]) : new MemoryBackend();
        MongoServer server = new MongoServer(backend);
        // Throws (and the JVM exits non-zero) if the port is taken.
        server.bind(args[0], Integer.parseInt(args[1]));
        Runtime.getRuntime().addShutdownHook(new Thread(server::shutdownNow, "kadr-mongo-shutdown"));
        // The Netty threads keep the JVM alive; this thread has nothing left to do.
        Thread.currentThread().join();
    }
}
