package io.ductus.launcher;

import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.IntSupplier;

/**
 * Many MLLP sender connections, each sending one message at a time and waiting for its ACK, keys
 * interleaved: every message takes one of {@code keys} ordering keys at random, so each key's messages come
 * from every connection. Each exchange is recorded with when it was sent and when (if ever) it was
 * answered AA. A broken connection (the engine was killed) costs the message in hand its answer; the
 * connection is made again and sending goes on with the next message.
 */
final class LoadSenders implements AutoCloseable {

    /** One message sent: {@code ackedAt} is -1 unless the answer was AA. */
    record Sent(String controlId, String key, long sentAt, long ackedAt, String answer) {
        boolean acked() {
            return ackedAt >= 0;
        }
    }

    private final ConcurrentLinkedQueue<Sent> sent = new ConcurrentLinkedQueue<>();
    private final List<Thread> threads = new ArrayList<>();
    private final AtomicInteger remaining;
    private volatile boolean stopping;

    /**
     * Starts {@code connections} senders to the port the supplier names (asked again at each reconnect);
     * together they send {@code total} messages, or until {@link #stop()} when total is 0.
     */
    LoadSenders(int connections, int keys, int total, long seed, IntSupplier port) {
        this(connections, keys, total, seed, port, 0);
    }

    /** @param pauseMillis how long each connection waits after each answer (0: it sends as fast as it is answered) */
    LoadSenders(int connections, int keys, int total, long seed, IntSupplier port, long pauseMillis) {
        this.pauseMillis = pauseMillis;
        this.remaining = new AtomicInteger(total == 0 ? Integer.MAX_VALUE : total);
        for (int c = 0; c < connections; c++) {
            int connection = c;
            Random random = new Random(seed * 31 + c);
            threads.add(Thread.ofPlatform().name("sender-" + c).daemon(true).start(() -> run(connection, keys, random, port)));
        }
    }

    private final long pauseMillis;

    private void run(int connection, int keys, Random random, IntSupplier port) {
        MllpSender sender = null;
        int seq = 0;
        while (!stopping) {
            if (sender == null) {
                try {
                    sender = new MllpSender(port.getAsInt(), 10_000);
                } catch (IOException e) {
                    pause(50);
                    continue;
                }
            }
            if (remaining.getAndDecrement() <= 0) break;
            String controlId = "C" + connection + "-" + seq++;
            String key = String.format("K%02d", random.nextInt(keys));
            long sentAt = System.nanoTime();
            try {
                Hl7Ack.Reply reply = sender.send(TestMessages.adt(controlId, key));
                long answeredAt = System.nanoTime();
                if (!reply.controlId().equals(controlId)) {
                    throw new AssertionError("the ACK for " + controlId + " names " + reply.controlId());
                }
                sent.add(new Sent(controlId, key, sentAt, reply.code() == AckCode.AA ? answeredAt : -1,
                        reply.code() + reply.text().map(t -> " " + t).orElse("")));
                if (pauseMillis > 0) pause(pauseMillis);
            } catch (IOException e) {
                sent.add(new Sent(controlId, key, sentAt, -1, "no answer: " + e.getMessage()));
                sender.close();
                sender = null;
            }
        }
        if (sender != null) sender.close();
    }

    private static void pause(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /** Waits until every sender sent its share (or was stopped). */
    void awaitDone() throws InterruptedException {
        for (Thread t : threads) t.join();
    }

    void stop() throws InterruptedException {
        stopping = true;
        awaitDone();
    }

    List<Sent> sent() {
        return List.copyOf(sent);
    }

    long ackedCount() {
        return sent.stream().filter(Sent::acked).count();
    }

    @Override
    public void close() throws InterruptedException {
        stop();
    }
}
