package dev.graphmem.neo4j;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.neo4j.graphdb.Label;
import org.neo4j.graphdb.Node;
import org.neo4j.graphdb.Transaction;
import org.neo4j.internal.id.IdController;
import org.neo4j.internal.id.IdGenerator;
import org.neo4j.internal.id.IdGeneratorFactory;
import org.neo4j.internal.recordstorage.RecordIdType;
import org.neo4j.kernel.impl.transaction.log.LogAppendEvent;
import org.neo4j.kernel.impl.transaction.log.checkpoint.CheckPointer;
import org.neo4j.kernel.impl.transaction.log.checkpoint.SimpleTriggerInfo;
import org.neo4j.kernel.impl.transaction.log.files.LogFile;
import org.neo4j.kernel.impl.transaction.log.files.LogFiles;
import org.neo4j.kernel.internal.GraphDatabaseAPI;
import org.neo4j.procedure.Context;
import org.neo4j.procedure.Description;
import org.neo4j.procedure.Mode;
import org.neo4j.procedure.Name;
import org.neo4j.procedure.Procedure;

/**
 * What graphmem's erasure asks of the local Neo4j's files, which Neo4j Community offers no
 * procedure for.
 *
 * <p>Neo4j's record store marks a deleted record unused and keeps its bytes until the record is
 * reused, so deleted strings stay readable in the store files; and the transaction log keeps
 * every committed change (with the values deleted) until it is pruned. A compaction first
 * overwrites the freed string, array and property records with zeros (filler nodes reuse
 * exactly those records, then are deleted), then rotates the transaction log, commits a marker
 * transaction and forces a checkpoint until pruning (retention {@code 1 files}, set by
 * graphmem's launcher) has dropped every log file written before the compaction began.
 *
 * <p>It runs on a thread of its own, outside any transaction: freed records are handed out
 * again only once no transaction that was open meanwhile is still open, which the calling
 * procedure's own transaction would never allow. {@code graphmem.storage.compact()} starts it
 * (or joins the running one) and returns at once; {@code graphmem.storage.compaction(id)} says
 * whether it is done. Index files are not rewritten (see graphmem's README).
 */
public final class StorageProcedures {
    /** exactly one dynamic record's 120 data bytes of zeros, a string and a string array
     * (numeric arrays are bit-packed: zeros would take no room); the array's own header is a
     * type byte, its length and the string's length */
    private static final String ONE_RECORD_STRING = "\0".repeat(120);
    private static final String[] ONE_RECORD_ARRAY = {"\0".repeat(111)};
    private static final int NODES_PER_TX = 5_000;
    private static final long REUSE_WAIT_NANOS = 10_000_000_000L;
    private static final int MAX_ROTATIONS = 6;
    private static final Label FILLER = Label.label("GraphmemStorageFiller");

    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "graphmem-storage-compaction");
        t.setDaemon(true);
        return t;
    });
    private static final AtomicLong IDS = new AtomicLong();
    private static final Map<Long, Future<Compacted>> JOBS = new ConcurrentHashMap<>();

    @Context
    public GraphDatabaseAPI db;

    public record Compacted(long freed_records, long log_files, long lowest_log_version) {}

    public record Job(long id, boolean done, String error, Long freed_records, Long log_files) {}

    @Procedure(name = "graphmem.storage.compact", mode = Mode.DBMS)
    @Description("Start overwriting freed records and pruning the transaction log; returns the "
            + "job id to poll with graphmem.storage.compaction(id).")
    public Stream<Job> compact() {
        GraphDatabaseAPI database = db;
        long id = IDS.incrementAndGet();
        JOBS.put(id, WORKER.submit(() -> new Compaction(database).run()));
        return Stream.of(new Job(id, false, null, null, null));
    }

    @Procedure(name = "graphmem.storage.compaction", mode = Mode.READ)
    @Description("State of a compaction started by graphmem.storage.compact().")
    public Stream<Job> compaction(@Name("id") long id) {
        Future<Compacted> job = JOBS.get(id);
        if (job == null) {
            return Stream.of(new Job(id, true, "no such compaction", null, null));
        }
        if (!job.isDone()) {
            return Stream.of(new Job(id, false, null, null, null));
        }
        JOBS.remove(id);
        try {
            Compacted c = job.get();
            return Stream.of(new Job(id, true, null, c.freed_records(), c.log_files()));
        } catch (ExecutionException e) {
            return Stream.of(new Job(id, true, String.valueOf(e.getCause()), null, null));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stream.of(new Job(id, true, "interrupted", null, null));
        }
    }

    /** One compaction, on the worker thread. */
    private static final class Compaction {
        private final GraphDatabaseAPI db;

        Compaction(GraphDatabaseAPI db) {
            this.db = db;
        }

        Compacted run() throws IOException, InterruptedException {
            var deps = db.getDependencyResolver();
            LogFile log = deps.resolveDependency(LogFiles.class).getLogFile();
            // every log file up to this one may hold what was deleted before the call
            long before = log.getCurrentLogVersion();
            long freed = overwriteFreedRecords(
                    deps.resolveDependency(IdController.class),
                    deps.resolveDependency(IdGeneratorFactory.class));
            CheckPointer checkPointer = deps.resolveDependency(CheckPointer.class);
            for (int i = 0; i < MAX_ROTATIONS && log.getLowestLogVersion() <= before; i++) {
                log.getLogRotation().rotateLogFile(LogAppendEvent.NULL);
                // a transaction in the new file moves the next checkpoint there (a checkpoint
                // with nothing after the rotation stays in the old file, which pruning keeps);
                // two, since a node created and deleted in one transaction commits nothing
                db.executeTransactionally("CREATE (:GraphmemStorageMark)");
                db.executeTransactionally("MATCH (n:GraphmemStorageMark) DELETE n");
                checkPointer.forceCheckPoint(new SimpleTriggerInfo("graphmem erasure"));
            }
            return new Compacted(freed, log.getMatchedFiles().length, log.getLowestLogVersion());
        }

        /**
         * Reuse every freed string, array and property record with filler content, then delete the
         * fillers (their records keep the zeros). Records freed by a transaction that just closed
         * are handed out again only after the id generators' maintenance accepts them (a moment
         * later), so a small probe filler is written first and the bulk only once the probe took
         * freed records; rounds repeat while freed records remain, up to a deadline.
         */
        private long overwriteFreedRecords(IdController ids, IdGeneratorFactory generators)
                throws InterruptedException {
            IdGenerator strings = generators.get(RecordIdType.STRING_BLOCK);
            IdGenerator arrays = generators.get(RecordIdType.ARRAY_BLOCK);
            IdGenerator properties = generators.get(RecordIdType.PROPERTY);
            List<String> fillers = new ArrayList<>();
            long freed = -1;
            long deadline = System.nanoTime() + REUSE_WAIT_NANOS;
            try {
                while (true) {
                    ids.maintenance();
                    long props = properties.getUnusedIdCount();
                    long strs = strings.getUnusedIdCount();
                    long arrs = arrays.getUnusedIdCount();
                    if (freed < 0) {
                        freed = props + strs + arrs;
                    }
                    if (props + strs + arrs == 0) {
                        break;
                    }
                    // a probe of one record of each kind still freed, then the rest of a kind
                    // once its probe took a freed record (else its ids are not handed out yet)
                    fill(1, strs > 0 ? 1 : 0, arrs > 0 ? 1 : 0, fillers);
                    boolean propsMoved = properties.getUnusedIdCount() < props;
                    boolean strsMoved = strs > 0 && strings.getUnusedIdCount() < strs;
                    boolean arrsMoved = arrs > 0 && arrays.getUnusedIdCount() < arrs;
                    if (propsMoved || strsMoved || arrsMoved) {
                        fill(propsMoved ? properties.getUnusedIdCount() : 0,
                                strsMoved ? strings.getUnusedIdCount() : 0,
                                arrsMoved ? arrays.getUnusedIdCount() : 0,
                                fillers);
                    } else if (System.nanoTime() > deadline) {
                        break; // freed records are not handed out: the caller checks the files
                    } else {
                        Thread.sleep(100);
                    }
                }
            } finally {
                deleteFillers(fillers);
            }
            return Math.max(freed, 0);
        }

        /**
         * Filler nodes, each taking one freed record of a kind: ``properties`` of them with four
         * small properties (one property record), of which the first ``strings`` also hold a
         * one-record string of zeros and the first ``arrays`` a one-record string array of
         * zeros. One record per value: the id generators hand a multi-record value consecutive
         * ids, which a freed record between live ones never is.
         */
        private void fill(long properties, long strings, long arrays, List<String> fillers) {
            long nodes = Math.max(1, Math.max(properties, Math.max(strings, arrays)));
            for (long done = 0; done < nodes; ) {
                try (Transaction tx = db.beginTx()) {
                    for (int i = 0; i < NODES_PER_TX && done < nodes; i++, done++) {
                        Node n = tx.createNode(FILLER);
                        for (int p = 0; p < 4; p++) {
                            n.setProperty("f" + p, 0);
                        }
                        if (done < strings) {
                            n.setProperty("s", ONE_RECORD_STRING);
                        }
                        if (done < arrays) {
                            n.setProperty("a", ONE_RECORD_ARRAY);
                        }
                        fillers.add(n.getElementId());
                    }
                    tx.commit();
                }
            }
        }

        private void deleteFillers(List<String> fillers) {
            for (int from = 0; from < fillers.size(); from += NODES_PER_TX) {
                try (Transaction tx = db.beginTx()) {
                    for (String id : fillers.subList(from, Math.min(fillers.size(), from + NODES_PER_TX))) {
                        tx.getNodeByElementId(id).delete();
                    }
                    tx.commit();
                }
            }
        }
    }
}
