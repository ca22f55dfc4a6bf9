package dev.graphmem.neo4j;

import java.io.IOException;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;
import java.util.stream.Stream;

import org.neo4j.collection.PrimitiveLongResourceIterator;
import org.neo4j.internal.id.IdController;
import org.neo4j.internal.id.IdGenerator;
import org.neo4j.internal.recordstorage.RecordStorageEngine;
import org.neo4j.io.pagecache.PageCursor;
import org.neo4j.kernel.impl.store.CommonAbstractStore;
import org.neo4j.kernel.impl.store.PropertyStore;
import org.neo4j.kernel.impl.store.RecordPageLocationCalculator;
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
import org.neo4j.storageengine.api.StorageEngine;

import static org.neo4j.io.pagecache.context.CursorContext.NULL_CONTEXT;

/**
 * What graphmem's erasure asks of the local Neo4j's files, which Neo4j Community offers no
 * procedure for.
 *
 * <p>Neo4j's record store marks a deleted record unused and keeps its bytes until the record is
 * reused (a deleted string or array record keeps everything but its first byte, a deleted
 * property record everything but its first value block), so deleted values stay readable in the
 * store files; and the transaction log keeps every committed change (with the values deleted)
 * until it is pruned. A compaction first overwrites every freed property, string and array record
 * that still holds bytes with zeros, then rotates the transaction log, commits a marker
 * transaction and forces a checkpoint until pruning (retention {@code 1 files}, set by graphmem's
 * launcher) has dropped every log file written before the compaction began.
 *
 * <h2>Why writing zeros into the store files directly is safe</h2>
 *
 * The zeros are written through Neo4j's own page cache into the records' own bytes, not logged.
 * That is sound because of what the records are and in what order the steps happen:
 * <ul>
 * <li><b>Only records nobody can use.</b> The records are taken from the store's id generator
 *   ({@link IdGenerator#nextId}, with {@code strictly_prioritize_id_freelist} set by the
 *   launcher: free ids are handed out before new ones) until it hands out a new id: every free
 *   record is then allocated to this job, exactly as a transaction would allocate it, so no
 *   transaction can be handed one of them until they are given back. An id is free only once
 *   its record was deleted by a committed transaction and every transaction that was open then
 *   has closed (the id controller's reuse boundary, which Neo4j relies on to reuse records at
 *   all), so no reader still follows a pointer into it. Ids are given back afterwards with
 *   {@code markUnallocated}, the path a rolled-back transaction takes for ids it allocated and
 *   never used (the one new id included). A record that is nevertheless in use is left alone.
 *   Records deleted but not yet free (a transaction older than the deletion is still open) are
 *   not touched; the job waits for them to become free (up to {@link #REUSE_WAIT_NANOS}) and
 *   takes them then.</li>
 * <li><b>Concurrent transactions.</b> Records are written under the page's shared write lock,
 *   as transactions write theirs: writers of other records on the same page are not disturbed,
 *   and readers of the page (optimistic reads) retry, as after any write. Freed records are
 *   held by this job only while it writes them (milliseconds per store); meanwhile other
 *   transactions get new ids and the store grows a little.</li>
 * <li><b>Crash recovery.</b> Nothing refers to the zeros: a zeroed record reads as not in use,
 *   which it already was, and is rewritten whole when it is reused. The zeros reach the disk
 *   with the checkpoint this job forces after writing them (a checkpoint flushes every dirty
 *   page), and only then are the log files from before pruned, so once the job has finished,
 *   recovery starts at a checkpoint taken after the zeros and replays nothing that could write
 *   the erased values back. A crash (kill -9) before that checkpoint loses zeros that were
 *   still only in memory: the store files and the unpruned logs may then still hold the
 *   values, recovery replays the logs as it always does (the deletions included: the records
 *   come back not in use) and the id generators, rebuilt or reloaded, count those records
 *   free again. graphmem records an erasure as complete only after this job finished and its
 *   read-back of the files found nothing (graphmem/lifecycle/erase.py), so the erasure is
 *   resumed and this job run again after the restart.</li>
 * <li><b>Id reuse.</b> The id generators' state is only ever changed through their own API
 *   (allocate, give back), never written directly; a record reused later is written whole by
 *   the transaction that reuses it.</li>
 * </ul>
 *
 * <p>It runs on a thread of its own, outside any transaction: the ids deleted by the last
 * statements become free only once no transaction that was open then is still open, which the
 * calling procedure's own transaction would never allow. {@code graphmem.storage.compact()}
 * starts it (or queues it behind the running one) and returns at once;
 * {@code graphmem.storage.compaction(id)} says whether it is done. Index files are not rewritten
 * (see graphmem's README).
 */
public final class StorageProcedures {
    /** how long records deleted but not yet free are waited for */
    private static final long REUSE_WAIT_NANOS = 10_000_000_000L;
    private static final long RETRY_SLEEP_MILLIS = 20;
    private static final int MAX_ROTATIONS = 6;

    private static final ExecutorService WORKER = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "graphmem-storage-compaction");
        t.setDaemon(true);
        return t;
    });
    private static final AtomicLong IDS = new AtomicLong();
    private static final Map<Long, Future<Compacted>> JOBS = new ConcurrentHashMap<>();

    @Context
    public GraphDatabaseAPI db;

    /**
     * {@code freed_records}: free records taken (each round); {@code zeroed_records}: those that
     * still held bytes and were overwritten; {@code left_records}: records deleted, holding
     * bytes and not yet free when the job stopped waiting (0 when it did its work).
     */
    public record Compacted(
            long freed_records,
            long zeroed_records,
            long left_records,
            long log_files,
            long lowest_log_version,
            long overwrite_ms,
            long logs_ms) {}

    public record Job(
            long id,
            boolean done,
            String error,
            Long freed_records,
            Long log_files,
            Long zeroed_records,
            Long left_records,
            Long overwrite_ms,
            Long logs_ms) {}

    @Procedure(name = "graphmem.storage.compact", mode = Mode.DBMS)
    @Description("Start overwriting freed records and pruning the transaction log; returns the "
            + "job id to poll with graphmem.storage.compaction(id).")
    public Stream<Job> compact() {
        GraphDatabaseAPI database = db;
        long id = IDS.incrementAndGet();
        JOBS.put(id, WORKER.submit(() -> new Compaction(database).run()));
        return Stream.of(new Job(id, false, null, null, null, null, null, null, null));
    }

    @Procedure(name = "graphmem.storage.compaction", mode = Mode.READ)
    @Description("State of a compaction started by graphmem.storage.compact().")
    public Stream<Job> compaction(@Name("id") long id) {
        Future<Compacted> job = JOBS.get(id);
        if (job == null) {
            return Stream.of(new Job(id, true, "no such compaction", null, null, null, null, null, null));
        }
        if (!job.isDone()) {
            return Stream.of(new Job(id, false, null, null, null, null, null, null, null));
        }
        JOBS.remove(id);
        try {
            Compacted c = job.get();
            return Stream.of(new Job(id, true, null, c.freed_records(), c.log_files(), c.zeroed_records(),
                    c.left_records(), c.overwrite_ms(), c.logs_ms()));
        } catch (ExecutionException e) {
            return Stream.of(new Job(id, true, String.valueOf(e.getCause()), null, null, null, null, null, null));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Stream.of(new Job(id, true, "interrupted", null, null, null, null, null, null));
        }
    }

    /** One compaction, on the worker thread. */
    private static final class Compaction {
        private final GraphDatabaseAPI db;
        private long freed;
        private long zeroed;
        private long left;

        Compaction(GraphDatabaseAPI db) {
            this.db = db;
        }

        Compacted run() throws IOException, InterruptedException {
            var deps = db.getDependencyResolver();
            LogFile log = deps.resolveDependency(LogFiles.class).getLogFile();
            // every log file up to this one may hold what was deleted before the call
            long before = log.getCurrentLogVersion();
            long started = System.nanoTime();
            RecordStorageEngine engine = (RecordStorageEngine) deps.resolveDependency(StorageEngine.class);
            PropertyStore properties = engine.testAccessNeoStores().getPropertyStore();
            overwriteFreedRecords(
                    deps.resolveDependency(IdController.class),
                    List.of(properties, properties.getStringStore(), properties.getArrayStore()));
            long overwritten = System.nanoTime();
            CheckPointer checkPointer = deps.resolveDependency(CheckPointer.class);
            // at least one round: the current file's version is `before`, so the first
            // checkpoint, which writes the zeros to disk, always comes after them
            for (int i = 0; i < MAX_ROTATIONS && log.getLowestLogVersion() <= before; i++) {
                log.getLogRotation().rotateLogFile(LogAppendEvent.NULL);
                // a transaction in the new file moves the next checkpoint there (a checkpoint
                // with nothing after the rotation stays in the old file, which pruning keeps);
                // two, since a node created and deleted in one transaction commits nothing
                db.executeTransactionally("CREATE (:GraphmemStorageMark)");
                db.executeTransactionally("MATCH (n:GraphmemStorageMark) DELETE n");
                checkPointer.forceCheckPoint(new SimpleTriggerInfo("graphmem erasure"));
            }
            long pruned = System.nanoTime();
            return new Compacted(freed, zeroed, left, log.getMatchedFiles().length, log.getLowestLogVersion(),
                    (overwritten - started) / 1_000_000, (pruned - overwritten) / 1_000_000);
        }

        /**
         * Rounds of: let the id controller free what the last transactions deleted, take every
         * free record of each store and zero those still holding bytes, then look for deleted
         * records that still hold bytes and were not free yet; repeat while there are any, up
         * to the deadline (the caller reads the files back and tries again if anything is
         * left).
         */
        private void overwriteFreedRecords(IdController ids, List<CommonAbstractStore<?, ?>> stores)
                throws IOException, InterruptedException {
            long deadline = System.nanoTime() + REUSE_WAIT_NANOS;
            while (true) {
                ids.maintenance();
                left = 0;
                for (CommonAbstractStore<?, ?> store : stores) {
                    long[] taken = zeroFreeRecords(store);
                    left += deletedWithBytes(store, taken);
                }
                if (left == 0 || System.nanoTime() > deadline) {
                    return;
                }
                Thread.sleep(RETRY_SLEEP_MILLIS);
            }
        }

        /** Takes every free id of ``store``, zeroes its record if it holds bytes, gives the ids
         * back; returns the ids taken (sorted). */
        private long[] zeroFreeRecords(CommonAbstractStore<?, ?> store) throws IOException {
            IdGenerator generator = store.getIdGenerator();
            long high = generator.getHighId();
            long[] taken = new long[1024];
            int n = 0;
            try {
                while (true) {
                    long id = generator.nextId(NULL_CONTEXT);
                    if (n == taken.length) {
                        taken = Arrays.copyOf(taken, n * 2);
                    }
                    taken[n++] = id; // before anything can fail: every id taken is given back
                    if (id >= high) {
                        break; // a new id: the free ones are all taken
                    }
                }
                Arrays.sort(taken, 0, n);
                int recordSize = store.getRecordSize();
                int perPage = store.getRecordsPerPage();
                long lastPage = store.getLastPageId();
                byte[] bytes = new byte[recordSize];
                try (PageCursor cursor = store.openPageCursorForWriting(0, NULL_CONTEXT)) {
                    for (int i = 0; i < n; i++) {
                        long id = taken[i];
                        long page = RecordPageLocationCalculator.pageIdForRecord(id, perPage);
                        if (id >= high || page > lastPage) {
                            continue; // never written: nothing on disk
                        }
                        freed++;
                        if (store.isInUse(id, cursor)) {
                            continue; // not ours to touch (the generators never hand one out)
                        }
                        int offset = RecordPageLocationCalculator.offsetForId(id, recordSize, perPage);
                        if (!cursor.next(page)) {
                            continue;
                        }
                        cursor.setOffset(offset);
                        cursor.getBytes(bytes);
                        if (allZero(bytes)) {
                            continue; // nothing to erase, and the page stays clean
                        }
                        cursor.setOffset(offset);
                        cursor.putBytes(recordSize, (byte) 0);
                        if (cursor.checkAndClearBoundsFlag()) {
                            throw new IOException("out of bounds writing record " + id + " of " + store);
                        }
                        zeroed++;
                    }
                }
            } finally {
                try (var marker = generator.transactionalMarker(NULL_CONTEXT)) {
                    for (int i = 0; i < n; i++) {
                        marker.markUnallocated(taken[i]);
                    }
                }
            }
            return Arrays.copyOf(taken, n);
        }

        /** Records the id generator counts as not in use, not among ``taken``, that are not in
         * use on disk and still hold bytes (deleted, not yet free). Only read. */
        private static long deletedWithBytes(CommonAbstractStore<?, ?> store, long[] taken) throws IOException {
            int recordSize = store.getRecordSize();
            int perPage = store.getRecordsPerPage();
            long lastPage = store.getLastPageId();
            byte[] bytes = new byte[recordSize];
            long count = 0;
            try (PrimitiveLongResourceIterator notUsed = store.getIdGenerator().notUsedIdsIterator();
                    PageCursor cursor = store.openPageCursorForReading(0, NULL_CONTEXT)) {
                while (notUsed.hasNext()) {
                    long id = notUsed.next();
                    long page = RecordPageLocationCalculator.pageIdForRecord(id, perPage);
                    if (page > lastPage || Arrays.binarySearch(taken, id) >= 0) {
                        continue;
                    }
                    if (store.isInUse(id, cursor) || !cursor.next(page)) {
                        continue;
                    }
                    int offset = RecordPageLocationCalculator.offsetForId(id, recordSize, perPage);
                    do {
                        cursor.setOffset(offset);
                        cursor.getBytes(bytes);
                    } while (cursor.shouldRetry());
                    if (!allZero(bytes)) {
                        count++;
                    }
                }
            }
            return count;
        }

        private static boolean allZero(byte[] bytes) {
            for (byte b : bytes) {
                if (b != 0) {
                    return false;
                }
            }
            return true;
        }
    }
}
