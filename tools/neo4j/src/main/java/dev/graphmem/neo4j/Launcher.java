package dev.graphmem.neo4j;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CountDownLatch;

import org.neo4j.configuration.GraphDatabaseInternalSettings;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.configuration.connectors.BoltConnectorInternalSettings;
import org.neo4j.configuration.connectors.BoltConnector;
import org.neo4j.configuration.connectors.ConnectorPortRegister;
import org.neo4j.configuration.connectors.ConnectorType;
import org.neo4j.configuration.connectors.HttpConnector;
import org.neo4j.configuration.connectors.HttpsConnector;
import org.neo4j.configuration.helpers.SocketAddress;
import org.neo4j.dbms.api.DatabaseManagementService;
import org.neo4j.dbms.api.DatabaseManagementServiceBuilder;
import org.neo4j.graphdb.GraphDatabaseService;
import org.neo4j.graphdb.QueryExecutionException;
import org.neo4j.internal.helpers.HostnamePort;
import org.neo4j.kernel.api.procedure.GlobalProcedures;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.kernel.internal.Version;

/**
 * graphmem's local Neo4j: an embedded Neo4j Community DBMS on one home directory with the Bolt
 * connector on 127.0.0.1 and nothing else listening.
 *
 * <pre>
 * java -jar graphmem-neo4j.jar --home DIR --port PORT --ready-file FILE [--config FILE]
 * </pre>
 *
 * Port 0 picks a free port. Authentication is on: the password of the {@code neo4j} user is
 * set at every start to {@code $GRAPHMEM_NEO4J_PASSWORD} (an environment variable, so it never
 * shows in a process listing). Once the databases are up and Bolt listens, the launcher writes
 * {@code {"pid":…,"bolt_port":…,"version":"…"}} to the ready file (atomically) and prints one
 * {@code ready} line; the supervisor waits for that file. SIGTERM (or SIGINT) shuts the DBMS
 * down cleanly through a shutdown hook: transactions are flushed and a checkpoint is written,
 * then the process exits. Settings beyond these come from the optional config file (Neo4j's
 * {@code key=value} form, e.g. {@code db.tx_log.rotation.retention_policy}).
 */
public final class Launcher {
    private Launcher() {}

    public static void main(String[] args) {
        try {
            run(args);
        } catch (Exception | Error e) {
            // a started DBMS's threads would keep the JVM alive: exit, which runs the
            // shutdown hook (a clean stop) when the DBMS was built
            e.printStackTrace();
            System.exit(1);
        }
    }

    private static void run(String[] args) throws Exception {
        Path home = null;
        Path readyFile = null;
        Path configFile = null;
        int port = 0;
        for (int i = 0; i < args.length; i++) {
            String value = i + 1 < args.length ? args[i + 1] : null;
            switch (args[i]) {
                case "--home" -> home = Path.of(require(args[i], value));
                case "--port" -> port = Integer.parseInt(require(args[i], value));
                case "--ready-file" -> readyFile = Path.of(require(args[i], value));
                case "--config" -> configFile = Path.of(require(args[i], value));
                default -> usage("unknown argument " + args[i]);
            }
            i++;
        }
        if (home == null || readyFile == null) {
            usage("--home and --ready-file are required");
        }
        String password = System.getenv("GRAPHMEM_NEO4J_PASSWORD");
        if (password == null || password.length() < 8) {
            usage("GRAPHMEM_NEO4J_PASSWORD must hold a password of at least 8 characters");
        }

        DatabaseManagementServiceBuilder builder = new DatabaseManagementServiceBuilder(home);
        if (configFile != null) {
            builder.loadPropertiesFromFile(configFile);
        }
        // what graphmem relies on is set last, so a config file cannot turn it off
        builder.setConfig(BoltConnector.enabled, true)
                .setConfig(BoltConnector.listen_address, new SocketAddress("127.0.0.1", port))
                .setConfig(BoltConnector.encryption_level, BoltConnector.EncryptionLevel.DISABLED)
                .setConfig(HttpConnector.enabled, false)
                .setConfig(HttpsConnector.enabled, false)
                .setConfig(GraphDatabaseSettings.auth_enabled, true)
                // a clean stop waits for idle Bolt connections and netty's quiet period (10 s
                // by default, with nothing left to serve); a stopping supervisor has no clients
                .setConfig(BoltConnectorInternalSettings.connection_shutdown_wait_time, Duration.ofMillis(200))
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_quiet_period, 0)
                .setConfig(GraphDatabaseInternalSettings.netty_server_shutdown_timeout, Duration.ofSeconds(2))
                // freed records are reused before the files grow: erasure's overwrite of
                // deleted values (StorageProcedures) relies on it
                .setConfig(GraphDatabaseInternalSettings.strictly_prioritize_id_freelist, true)
                .setConfig(GraphDatabaseSettings.procedure_unrestricted, java.util.List.of("graphmem.*"));

        DatabaseManagementService dbms = builder.build();
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            System.out.println("graphmem-neo4j stopping");
            dbms.shutdown();
            System.out.println("graphmem-neo4j stopped");
            System.out.flush();
            stopped.countDown();
        }, "graphmem-neo4j-shutdown"));

        setPassword(dbms.database(GraphDatabaseSettings.SYSTEM_DATABASE_NAME), password);
        GraphDatabaseAPI db = (GraphDatabaseAPI) dbms.database(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        db.getDependencyResolver().resolveDependency(GlobalProcedures.class)
                .registerProcedure(StorageProcedures.class);
        HostnamePort bolt = db.getDependencyResolver()
                .resolveDependency(ConnectorPortRegister.class)
                .getLocalAddress(ConnectorType.BOLT);
        if (bolt == null) {
            throw new IllegalStateException("the Bolt connector did not start");
        }
        writeReady(readyFile, bolt.getPort());
        System.out.println("graphmem-neo4j ready bolt=127.0.0.1:" + bolt.getPort()
                + " version=" + Version.getNeo4jVersion());
        System.out.flush();
        stopped.await();
    }

    /** The neo4j user's password for this run (a password equal to the old one is kept). */
    private static void setPassword(GraphDatabaseService system, String password) {
        try {
            system.executeTransactionally(
                    "ALTER USER neo4j SET PASSWORD $password CHANGE NOT REQUIRED",
                    Map.of("password", password));
        } catch (QueryExecutionException e) {
            if (!String.valueOf(e.getMessage()).contains("Old password and new password cannot be the same")) {
                throw e;
            }
        }
    }

    private static void writeReady(Path readyFile, int boltPort) throws IOException {
        String json = "{\"pid\": " + ProcessHandle.current().pid()
                + ", \"bolt_port\": " + boltPort
                + ", \"version\": \"" + Version.getNeo4jVersion() + "\"}";
        Path tmp = readyFile.resolveSibling(readyFile.getFileName() + ".tmp");
        Files.writeString(tmp, json, StandardCharsets.UTF_8);
        Files.move(tmp, readyFile, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private static String require(String flag, String value) {
        if (value == null) {
            usage(flag + " needs a value");
        }
        return value;
    }

    private static void usage(String problem) {
        System.err.println("graphmem-neo4j: " + problem);
        System.err.println(
                "usage: java -jar graphmem-neo4j.jar --home DIR --port PORT --ready-file FILE [--config FILE]");
        System.exit(2);
    }
}
