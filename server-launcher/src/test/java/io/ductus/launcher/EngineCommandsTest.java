package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpsConfigurator;
import com.sun.net.httpserver.HttpsServer;
import io.ductus.connector.listener.tls.TestPki;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/** The commands that act on a running engine, where no engine is needed to judge them. */
class EngineCommandsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        CommandLine cli = Main.commandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            pause --token dux_x adt                          | Missing required parameter: 'DESTINATION'
            resume --token dux_x adt lab extra               | Unmatched argument
            drain --token dux_x --status --stop              | --status and --stop cannot be used together
            status --token dux_x --url ftp://engine:7700     | --url: expected http://host:port
            status --token dux_x --url http://bad^host       | --url: 'http://bad^host' is not a URL
            resend --token dux_x                             | name the messages (ID…) or an interface (--interface NAME)
            resend --token dux_x --interface adt 12          | give message ids or --interface, not both
            resend --token dux_x 12 --from 2026-12-01        | --from and --to go with --interface
            resend --token dux_x --interface adt --to soon   | --to: expected a date such as 2026-12-01 (the start of that day, local time)
            messages list --token dux_x --from yesterday     | --from: expected a date such as 2026-12-01
            retry --token dux_x adt                          | Missing required parameter: 'DESTINATION'
            resend --token dux_x 12 x                        | Unmatched argument at index 4: 'x'
            messages show --token dux_x twelve               | Invalid value for positional parameter at index 0 (ID)
            revisions --token dux_x                          | Missing required parameter: 'INTERFACE'
            diff --token dux_x adt                           | Missing required parameter: 'FROM'
            rollback --token dux_x adt two                   | Invalid value for positional parameter at index 1 (REVISION)
            deploy --token dux_x extra                       | Unmatched argument
            replay --token dux_x --interface adt --last 7d   | Missing required argument (specify one of these)
            replay --token dux_x --interface adt --draft --deployed --last 7d | mutually exclusive
            replay --token dux_x --interface adt --deployed  | give the period: --from TIME [--to TIME] or --last 7d
            replay --token dux_x --interface adt --deployed --from yesterday | --from: expected a time such as 2026-11-24T00:00:00Z
            replay --token dux_x --interface adt --deployed --last 7d --to 2026-01-01T00:00:00Z | --last cannot be used with --from or --to
            replay --token dux_x --interface adt --deployed --last 7d --format xml | --format is text or json
            replay --token dux_x --interface adt --candidate /nowhere --last 7d | --candidate /nowhere: no interfaces/ folder there
            """)
    void bad_arguments_get_one_line_and_exit_code_2(String args, String reason) {
        assertThat(run(args.split(" "))).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString().strip()).contains(reason).doesNotContain("\n");
    }

    @Test
    void without_a_token_says_how_to_give_one_with_exit_code_2() {
        // The test's environment has no DUCTUS_TOKEN (the build does not set one).
        assertThat(System.getenv(EngineOptions.TOKEN_VARIABLE)).isNull();
        assertThat(run("status")).isEqualTo(ExitCodes.BAD_ARGUMENTS);
        assertThat(err.toString()).contains("--token TOKEN or the environment variable DUCTUS_TOKEN");
    }

    @Test
    void an_engine_that_cannot_be_reached_is_a_failure_with_exit_code_1() throws Exception {
        int port;
        try (ServerSocket s = new ServerSocket(0)) {
            port = s.getLocalPort();
        }
        assertThat(run("status", "--token", "dux_x", "--url", "http://127.0.0.1:" + port)).isEqualTo(ExitCodes.FAILED);
        assertThat(err.toString()).contains("cannot reach the engine at http://127.0.0.1:" + port).contains("is ductus serve running");
    }

    @Test
    void an_https_engine_is_called_trusting_the_ca_of_ca_and_without_it_the_refusal_says_why(@TempDir Path dir) throws Exception {
        TestPki.Issued ca = TestPki.ca("API CA");
        Path caFile = dir.resolve("api-ca.pem");
        Files.writeString(caFile, ca.chainPem());
        HttpsServer api = HttpsServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        api.setHttpsConfigurator(new HttpsConfigurator(TestPki.context(ca, TestPki.issue(ca, "CN=localhost", "localhost"))));
        api.createContext("/", exchange -> {
            byte[] problem = "{\"title\":\"Unauthorized\",\"status\":401,\"detail\":\"unknown token\"}".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
            exchange.sendResponseHeaders(401, problem.length);
            exchange.getResponseBody().write(problem);
            exchange.close();
        });
        api.start();
        try {
            String url = "https://localhost:" + api.getAddress().getPort();
            assertThat(run("status", "--token", "dux_x", "--url", url, "--ca", caFile.toString())).isEqualTo(ExitCodes.FAILED);
            assertThat(err.toString()).as("the handshake passed: the engine's answer came").contains("the engine refused the token");

            err.getBuffer().setLength(0);
            assertThat(run("status", "--token", "dux_x", "--url", url)).isEqualTo(ExitCodes.FAILED);
            assertThat(err.toString()).contains("cannot reach the engine at " + url + ": TLS handshake failed: unknown CA")
                    .contains("--ca FILE trusts the API's CA");

            err.getBuffer().setLength(0);
            assertThat(run("status", "--token", "dux_x", "--url", url, "--cert", caFile.toString())).isEqualTo(ExitCodes.BAD_ARGUMENTS);
            assertThat(err.toString()).contains("--cert and --key go together");
        } finally {
            api.stop(0);
        }
    }
}
