package dev.graphmem.neo4j;

import java.nio.file.Path;

import org.neo4j.configuration.Config;
import org.neo4j.configuration.GraphDatabaseSettings;
import org.neo4j.consistency.ConsistencyCheckService;
import org.neo4j.io.layout.DatabaseLayout;
import org.neo4j.io.layout.Neo4jLayout;

/**
 * Neo4j's own consistency checker over the local Neo4j's database, which must be stopped (a
 * database stopped by a crash is recovered by starting it first).
 *
 * <pre>
 * java -cp graphmem-neo4j.jar dev.graphmem.neo4j.ConsistencyCheck --home DIR [--report-dir DIR]
 * </pre>
 *
 * Prints the checker's summary; exits 0 when the store and its indexes are consistent, 1 when
 * not, 2 on a usage error. graphmem's tests run it after killing the server during an
 * erasure's storage step.
 */
public final class ConsistencyCheck {
    private ConsistencyCheck() {}

    public static void main(String[] args) throws Exception {
        Path home = null;
        Path reports = null;
        for (int i = 0; i + 1 < args.length; i += 2) {
            switch (args[i]) {
                case "--home" -> home = Path.of(args[i + 1]);
                case "--report-dir" -> reports = Path.of(args[i + 1]);
                default -> home = null;
            }
        }
        if (home == null || args.length % 2 != 0) {
            System.err.println("usage: ConsistencyCheck --home DIR [--report-dir DIR]");
            System.exit(2);
        }
        Config config = Config.newBuilder().set(GraphDatabaseSettings.neo4j_home, home).build();
        DatabaseLayout layout = Neo4jLayout.of(config).databaseLayout(GraphDatabaseSettings.DEFAULT_DATABASE_NAME);
        ConsistencyCheckService check = new ConsistencyCheckService(layout).with(config);
        if (reports != null) {
            check = check.with(reports);
        }
        ConsistencyCheckService.Result result = check.runFullConsistencyCheck();
        System.out.println(result.summary());
        System.out.println(result.isSuccessful() ? "consistent" : "INCONSISTENT");
        System.exit(result.isSuccessful() ? 0 : 1);
    }
}
