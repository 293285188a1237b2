package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Path;
import java.time.Duration;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Starting and stopping the real process: signals, exit codes, failures an operator meets. */
class LifecycleIT {

    @TempDir
    Path tmp;

    @Test
    void stops_gracefully_on_sigterm_with_exit_code_0_within_10_seconds() throws Exception {
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--data", tmp.resolve("data").toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            ductus.awaitStarted();
            assertThat(ductus.get("/api/v1/health").statusCode()).isEqualTo(200);

            assertThat(ductus.terminate(Duration.ofSeconds(10))).isZero();
            assertThat(ductus.stderr()).contains("engine stopped");
        }
    }

    @Test
    void an_ordinary_stop_while_clients_follow_the_events_logs_no_error_and_ends_each_stream() throws Exception {
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--example", "--mllp-port", "0", "--data",
                tmp.resolve("data").toString(), "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            ductus.awaitStarted();
            java.net.http.HttpClient http = java.net.http.HttpClient.newHttpClient();
            java.util.List<java.util.concurrent.CompletableFuture<java.net.http.HttpResponse<String>>> followers = new java.util.ArrayList<>();
            for (int i = 0; i < 3; i++) {
                followers.add(http.sendAsync(java.net.http.HttpRequest.newBuilder(java.net.URI.create(ductus.apiUrl() + "/api/v1/events"))
                        .header("Authorization", "Bearer " + ductus.token("viewer")).build(), java.net.http.HttpResponse.BodyHandlers.ofString()));
            }
            Eventually.within(Duration.ofSeconds(10), () -> assertThat(ductus.get("/metrics").body()).contains("ductus_messages_received_total"));
            Thread.sleep(500); // the three streams are open (their answers come only when the streams end)

            assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
            for (var follower : followers) {
                java.net.http.HttpResponse<String> stream = follower.get(10, java.util.concurrent.TimeUnit.SECONDS);
                assertThat(stream.statusCode()).isEqualTo(200);
                assertThat(stream.body()).startsWith(": ductus events");
            }
            assertThat(ductus.stderr()).contains("engine stopped").doesNotContain(" ERROR ").doesNotContain("Exception")
                    .doesNotContainPattern("\\n\\s+at [a-z]");
        }
    }

    @Test
    void refuses_a_busy_api_port_with_a_clear_reason_and_exit_code_1() throws Exception {
        try (ServerSocket busy = new ServerSocket(0, 1, InetAddress.getLoopbackAddress());
             DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--data", tmp.resolve("data").toString(),
                     "--api-listen", "127.0.0.1:" + busy.getLocalPort(), "--plugins", tmp.resolve("plugins").toString())) {
            assertThat(ductus.awaitExit(Duration.ofSeconds(60))).isEqualTo(1);
            assertThat(ductus.stderr()).contains("cannot listen on 127.0.0.1:" + busy.getLocalPort());
            assertThat(ductus.stdoutLines()).noneMatch(l -> l.startsWith("ductus started"));
        }
    }

    @Test
    void a_second_engine_on_one_sqlite_file_is_refused_naming_the_process_that_holds_it_with_exit_code_1() throws Exception {
        Path data = tmp.resolve("data");
        try (DuctusProcess first = DuctusProcess.start(tmp, "serve", "--data", data.toString(),
                "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
            first.awaitStarted();
            try (DuctusProcess second = DuctusProcess.start(tmp.resolve("second"), "serve", "--data", data.toString(),
                    "--api-listen", "127.0.0.1:0", "--plugins", tmp.resolve("plugins").toString())) {
                assertThat(second.awaitExit(Duration.ofSeconds(60))).isEqualTo(1);
                assertThat(second.stderr()).contains("another engine runs on").contains("one engine per SQLite file")
                        .contains("process " + first.pid());
                assertThat(second.stdoutLines()).noneMatch(l -> l.startsWith("ductus started"));
            }
            assertThat(first.get("/api/v1/health").statusCode()).isEqualTo(200);
        }
    }

    @Test
    void bad_arguments_get_one_line_and_exit_code_2() throws Exception {
        try (DuctusProcess ductus = DuctusProcess.start(tmp, "serve", "--database", "mysql://db/x")) {
            assertThat(ductus.awaitExit(Duration.ofSeconds(30))).isEqualTo(2);
            assertThat(ductus.stderr().strip().lines()).hasSize(1).first().asString()
                    .contains("--database").contains("expected sqlite:<path> or postgres://");
        }
    }
}
