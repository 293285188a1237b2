package io.ductus.launcher;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A project folder written for one test: one interface named {@code e2e} with an MLLP source and the
 * destinations the test asks for; and the engine started on it. The source listens on port 0 and the
 * port it got is read from the engine's log, so the test always talks to its own engine (a port chosen
 * in advance could be taken by another process in between, and a probe would then find that process).
 */
final class TestProject {

    static final String INTERFACE = "e2e";
    private static final Pattern LISTENING = Pattern.compile("MLLP listener on 127\\.0\\.0\\.1:(\\d+)");

    private final Path folder;
    private final Path data;
    private volatile int port;
    private final List<String> destinations = new ArrayList<>();
    private final java.util.Map<String, String> otherInterfaces = new java.util.LinkedHashMap<>();
    private final java.util.Map<String, String> code = new java.util.LinkedHashMap<>();
    private final java.util.Map<String, String> e2eFiles = new java.util.LinkedHashMap<>();
    private String ordering = "";
    private String dedupe = "";
    private String ductusYaml;

    TestProject(Path root) throws IOException {
        this.folder = root.resolve("project");
        this.data = root.resolve("data");
    }

    TestProject ordering(String key, int partitions) {
        ordering = "ordering: { key: " + key + ", partitions: " + partitions + " }\n";
        return this;
    }

    TestProject mllpDestination(String name, int receiverPort) {
        destinations.add("  " + name + ":\n    type: mllp\n    connect: 127.0.0.1:" + receiverPort + "\n    ack_timeout: 5s\n");
        return this;
    }

    TestProject dedupe(String path) {
        dedupe = "dedupe: " + path + "\n";
        return this;
    }

    /** A route: the destination stores each message as a message of interface {@code target}. */
    TestProject routeDestination(String name, String target) {
        destinations.add("  " + name + ":\n    type: interface\n    interface: " + target + "\n");
        return this;
    }

    /** Another interface beside e2e (for example a route's target), with its transform.js when {@code transformJs} is not null. */
    TestProject otherInterface(String name, String yaml, String transformJs) {
        otherInterfaces.put(name, yaml);
        if (transformJs != null) code.put(name, transformJs);
        return this;
    }

    /** Files of interface e2e besides its interface.yaml (transform.js, tests/…), by path within its folder. */
    TestProject e2eFile(String path, String text) {
        e2eFiles.put(path, text);
        return this;
    }

    Path folder() {
        return folder;
    }

    TestProject fileDestination(String name, String path) {
        destinations.add("  " + name + ":\n    type: file\n    path: \"" + path + "\"\n");
        return this;
    }

    /** The project's ductus.yaml (alerts, time zone), written as given. */
    TestProject ductusYaml(String yaml) {
        ductusYaml = yaml;
        return this;
    }

    /** Writes the project folder. */
    TestProject write() throws IOException {
        Path iface = folder.resolve("interfaces").resolve(INTERFACE);
        Files.createDirectories(iface);
        String yaml = "source: { type: mllp, listen: 127.0.0.1:0 }\n"
                + "format: hl7\n" + ordering + dedupe + "destinations:\n" + String.join("", destinations);
        Files.writeString(iface.resolve("interface.yaml"), yaml);
        if (ductusYaml != null) Files.writeString(folder.resolve("ductus.yaml"), ductusYaml);
        for (var f : e2eFiles.entrySet()) {
            Path file = iface.resolve(f.getKey());
            Files.createDirectories(file.getParent());
            Files.writeString(file, f.getValue());
        }
        for (var other : otherInterfaces.entrySet()) {
            Path folderOfOther = Files.createDirectories(folder.resolve("interfaces").resolve(other.getKey()));
            Files.writeString(folderOfOther.resolve("interface.yaml"), other.getValue());
            if (code.containsKey(other.getKey())) Files.writeString(folderOfOther.resolve("transform.js"), code.get(other.getKey()));
        }
        return this;
    }

    /** The port the source of the engine started last listens on. */
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
            Matcher m = LISTENING.matcher(ductus.stderr());
            if (m.find()) {
                int bound = Integer.parseInt(m.group(1));
                try (Socket s = new Socket()) {
                    s.connect(new InetSocketAddress("127.0.0.1", bound), 1000);
                }
                port = bound;
                return;
            }
            if (System.nanoTime() > deadline || !ductus.alive()) {
                throw new AssertionError("the MLLP source did not open; stderr:\n" + ductus.stderr());
            }
            Thread.sleep(50);
        }
    }
}
