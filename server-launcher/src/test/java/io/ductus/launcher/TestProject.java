package io.ductus.launcher;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * A project folder written for one test: one interface named {@code e2e} with an MLLP source on a known
 * port and the destinations the test asks for; and the engine started on it.
 */
final class TestProject {

    static final String INTERFACE = "e2e";

    private final Path folder;
    private final Path data;
    private final int port;
    private final List<String> destinations = new ArrayList<>();
    private String ordering = "";

    TestProject(Path root) throws IOException {
        this.folder = root.resolve("project");
        this.data = root.resolve("data");
        this.port = Ports.freeBelowEphemeral();
    }

    TestProject ordering(String key, int partitions) {
        ordering = "ordering: { key: " + key + ", partitions: " + partitions + " }\n";
        return this;
    }

    TestProject mllpDestination(String name, int receiverPort) {
        destinations.add("  " + name + ":\n    type: mllp\n    connect: 127.0.0.1:" + receiverPort + "\n    ack_timeout: 5s\n");
        return this;
    }

    TestProject fileDestination(String name, String path) {
        destinations.add("  " + name + ":\n    type: file\n    path: \"" + path + "\"\n");
        return this;
    }

    /** Writes the project folder. */
    TestProject write() throws IOException {
        Path iface = folder.resolve("interfaces").resolve(INTERFACE);
        Files.createDirectories(iface);
        String yaml = "source: { type: mllp, listen: 127.0.0.1:" + port + " }\n"
                + "format: hl7\n" + ordering + "destinations:\n" + String.join("", destinations);
        Files.writeString(iface.resolve("interface.yaml"), yaml);
        return this;
    }

    int port() {
        return port;
    }

    Path data() {
        return data;
    }

    /** Starts {@code ductus serve} on this project and waits until the MLLP source takes connections. */
    DuctusProcess start(String databaseUrl) throws Exception {
        DuctusProcess ductus = DuctusProcess.start(folder.getParent(), Database.serveArgs(folder, data, databaseUrl).toArray(String[]::new));
        try {
            ductus.awaitStarted();
            awaitListening(ductus, Duration.ofSeconds(30));
            return ductus;
        } catch (Throwable e) {
            ductus.close();
            throw e;
        }
    }

    private void awaitListening(DuctusProcess ductus, Duration limit) throws Exception {
        long deadline = System.nanoTime() + limit.toNanos();
        while (true) {
            try (Socket s = new Socket()) {
                s.connect(new InetSocketAddress("127.0.0.1", port), 1000);
                return;
            } catch (IOException e) {
                if (System.nanoTime() > deadline || !ductus.alive()) {
                    throw new AssertionError("the MLLP source on port " + port + " did not open; stderr:\n" + ductus.stderr());
                }
                Thread.sleep(50);
            }
        }
    }
}
