package io.ductus.launcher;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Interface e2e of a {@link TestProject} in versions whose output says which code made it: its transform
 * adds {@code ZRV|<version>|<message id>}, the version coming from a second file (so that a mix of two
 * versions' files would show). Deploys go through the engine's API.
 */
final class DeployProject {

    static final ObjectMapper JSON = new ObjectMapper();

    private DeployProject() {
    }

    static String transform() {
        return """
                import { VERSION } from './version.js';
                export function transform(msg, meta) {
                  msg.add('ZRV|' + VERSION + '|' + meta.id);
                  return msg;
                }
                """;
    }

    static String version(String v) {
        return "export const VERSION = '" + v + "';\n";
    }

    /** The deploy body for version {@code v} of e2e's code, made from revision {@code base}. */
    static Map<String, Object> deployBody(TestProject project, String v, Integer base) throws IOException {
        Map<String, String> files = new LinkedHashMap<>();
        String dir = "interfaces/" + TestProject.INTERFACE + "/";
        files.put(dir + "interface.yaml", Files.readString(project.folder().resolve(dir + "interface.yaml")));
        files.put(dir + "transform.js", transform());
        files.put(dir + "version.js", version(v));
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("base", base);
        body.put("files", files);
        body.put("message", "version " + v);
        return body;
    }

    static HttpResponse<String> deploy(DuctusProcess ductus, TestProject project, String v, Integer base) throws Exception {
        return ductus.send("POST", "/api/v1/interfaces/" + TestProject.INTERFACE + "/deploy", JSON.writeValueAsString(deployBody(project, v, base)));
    }

    /** The revision e2e runs, as the engine says. */
    static int revision(DuctusProcess ductus) throws Exception {
        return read(ductus.get("/api/v1/interfaces/" + TestProject.INTERFACE)).get("revision").asInt();
    }

    static JsonNode read(HttpResponse<String> r) throws IOException {
        return JSON.readTree(r.body());
    }

    /** The version on disk now, read from e2e's version.js; the transform must be the one every version has. */
    static String versionOnDisk(TestProject project) throws IOException {
        Path dir = project.folder().resolve("interfaces").resolve(TestProject.INTERFACE);
        if (!Files.readString(dir.resolve("transform.js")).equals(transform())) throw new AssertionError("transform.js is not whole");
        String text = Files.readString(dir.resolve("version.js"));
        return text.substring(text.indexOf('\'') + 1, text.lastIndexOf('\''));
    }

    /** What a delivered payload says of the code that made it: {version, message id}, or null without ZRV. */
    static String[] madeBy(byte[] payload) {
        for (String segment : new String(payload, StandardCharsets.UTF_8).split("[\r\n]+")) {
            if (segment.startsWith("ZRV|")) return segment.substring(4).split("\\|");
        }
        return null;
    }

    /** Sends one message and waits until the receiver has it; the version of the code that made what it got. */
    static String sendOne(TestProject project, TestReceiver receiver, String controlId) throws Exception {
        try (MllpSender sender = new MllpSender(project.port(), 10_000)) {
            sender.send(TestMessages.adt(controlId, "K1"));
        }
        String[] made = new String[1];
        Eventually.within(Duration.ofSeconds(30), () -> {
            List<TestReceiver.Arrival> got = receiver.accepted().stream().filter(a -> a.controlId().equals(controlId)).toList();
            if (got.isEmpty()) throw new AssertionError(controlId + " not delivered yet");
            made[0] = madeBy(got.get(got.size() - 1).payload())[0];
        });
        return made[0];
    }
}
