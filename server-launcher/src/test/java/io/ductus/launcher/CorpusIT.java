package io.ductus.launcher;

import static org.assertj.core.api.Assertions.assertThat;

import ca.uhn.hl7v2.DefaultHapiContext;
import ca.uhn.hl7v2.HL7Exception;
import ca.uhn.hl7v2.HapiContext;
import ca.uhn.hl7v2.app.Connection;
import ca.uhn.hl7v2.llp.MinLowerLayerProtocol;
import ca.uhn.hl7v2.model.Message;
import ca.uhn.hl7v2.parser.PipeParser;
import ca.uhn.hl7v2.util.Terser;
import ca.uhn.hl7v2.validation.impl.ValidationContextFactory;
import io.ductus.sdk.hl7.AckCode;
import io.ductus.sdk.hl7.Hl7Ack;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Real messages from the shared corpus through a real engine (ARCHITECTURE.md §2.1, §2.8, §4 "never
 * re-encoded"): an MLLP source and a file destination writing {@code out/<id>.hl7}. Messages are sent one
 * after another on one connection, so message ids follow the order they were acknowledged in.
 */
@ExtendWith(EngineLogOnFailure.class)
class CorpusIT {

    @TempDir
    Path tmp;

    @ParameterizedTest(name = "{0}")
    @EnumSource(Database.class)
    void acknowledges_every_message_hapi_parses_with_AA_and_delivers_it_byte_identical(Database database) throws Exception {
        List<Corpus.Message> messages = Corpus.messages().stream().filter(m -> !m.malformedFile() || m.hapiParses()).toList();
        assertThat(messages.stream().filter(Corpus.Message::hapiParses)).as("messages HAPI parses").hasSizeGreaterThan(100);
        TestProject project = new TestProject(tmp).fileDestination("archive", "out/{id}.hl7").write();
        try (DuctusProcess ductus = project.start(database.newUrl(project.data(), "corpus_raw"))) {
            List<byte[]> acknowledged = new ArrayList<>();
            try (MllpSender sender = new MllpSender(project.port(), 30_000)) {
                for (Corpus.Message m : messages) {
                    Hl7Ack.Reply reply = sender.send(m.bytes());
                    // HAPI refuses a few well-formed messages for their data types or a 5-character MSH-2 before
                    // v2.7; the engine reads only the header to store, so it takes those too.
                    assertThat(reply.code()).as("%s: %s", m, reply.text().orElse("")).isEqualTo(AckCode.AA);
                    acknowledged.add(m.bytes());
                }
            }
            List<Path> written = awaitFiles(project.data().resolve("out"), acknowledged.size());
            for (int i = 0; i < acknowledged.size(); i++) {
                assertThat(Files.readAllBytes(written.get(i))).as("%s written as %s", messages.get(i), written.get(i).getFileName())
                        .isEqualTo(acknowledged.get(i));
            }
            assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Database.class)
    void answers_malformed_input_AR_with_a_reason_and_keeps_listening(Database database) throws Exception {
        List<Corpus.Message> malformed = Corpus.messages().stream().filter(m -> m.malformedFile() && !m.hapiParses()).toList();
        assertThat(malformed).hasSizeGreaterThanOrEqualTo(8);
        TestProject project = new TestProject(tmp).fileDestination("archive", "out/{id}.hl7").write();
        try (DuctusProcess ductus = project.start(database.newUrl(project.data(), "corpus_bad"))) {
            try (MllpSender sender = new MllpSender(project.port(), 30_000)) {
                int n = 0;
                for (Corpus.Message m : malformed) {
                    Hl7Ack.Reply reply = sender.send(m.bytes());
                    assertThat(reply.code()).as(m.toString()).isEqualTo(AckCode.AR);
                    assertThat(reply.text()).as("%s: the reason in MSA-3", m).hasValueSatisfying(t -> assertThat(t).isNotBlank());
                    // The same connection goes on taking good messages after each bad one.
                    assertThat(sender.send(TestMessages.adt("GOOD-" + n++, "K1")).code()).isEqualTo(AckCode.AA);
                }
            }
            try (MllpSender fresh = new MllpSender(project.port(), 30_000)) {
                assertThat(fresh.send(TestMessages.adt("AFTER", "K1")).code()).as("a new connection after all of them").isEqualTo(AckCode.AA);
            }
            List<Path> written = awaitFiles(project.data().resolve("out"), malformed.size() + 1);
            assertThat(written).as("only the good messages were stored and delivered").hasSize(malformed.size() + 1);
            assertThat(ductus.get("/api/v1/health").statusCode()).isEqualTo(200);
            assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
        }
    }

    @ParameterizedTest(name = "{0}")
    @EnumSource(Database.class)
    void hapi_as_sender_gets_AA_for_every_message_it_parses_and_the_delivered_content_parses_the_same(Database database)
            throws Exception {
        List<Corpus.Message> messages = Corpus.messages().stream().filter(Corpus.Message::hapiParses).toList();
        TestProject project = new TestProject(tmp).fileDestination("archive", "out/{id}.hl7").write();
        try (DuctusProcess ductus = project.start(database.newUrl(project.data(), "corpus_hapi"));
             HapiContext hapi = new DefaultHapiContext()) {
            hapi.setValidationContext(ValidationContextFactory.noValidation());
            // Lenient, as the corpus oracle: an OBX without OBX-2 is read as text.
            hapi.getParserConfiguration().setDefaultObx2Type("ST");
            hapi.getParserConfiguration().setInvalidObx2Type("ST");
            MinLowerLayerProtocol llp = new MinLowerLayerProtocol(false);
            llp.setCharset(StandardCharsets.UTF_8); // HAPI's MLLP writer defaults to US-ASCII
            hapi.setLowerLayerProtocol(llp);
            PipeParser parser = hapi.getPipeParser();
            List<String> sentEncoded = new ArrayList<>();
            List<Corpus.Message> sentMessages = new ArrayList<>();
            List<String> withoutControlId = new ArrayList<>();
            List<String> notParsedHere = new ArrayList<>();
            Connection connection = hapi.newClient("127.0.0.1", project.port(), false);
            try {
                for (Corpus.Message m : messages) {
                    // HAPI's PipeParser wants CR segment terminators; HAPI's own file reader turns LF and CRLF into CR.
                    String text = new String(m.bytes(), m.charset()).replace("\r\n", "\r").replace('\n', '\r');
                    Message parsed;
                    try {
                        parsed = parser.parse(text);
                    } catch (HL7Exception e) {
                        notParsedHere.add(m.toString());
                        continue;
                    }
                    String controlId = new Terser(parsed).get("/MSH-10");
                    if (controlId == null || controlId.isBlank()) {
                        // HAPI's initiator refuses to send without a control id (it matches the ACK by it).
                        withoutControlId.add(m.toString());
                        continue;
                    }
                    sentMessages.add(m);
                    Message ack = connection.getInitiator().sendAndReceive(parsed);
                    Terser terser = new Terser(ack);
                    assertThat(terser.get("/MSA-1")).as("%s: %s", m, terser.get("/MSA-3")).isEqualTo("AA");
                    assertThat(terser.get("/MSA-2")).isEqualTo(controlId);
                    sentEncoded.add(parser.encode(parsed));
                }
            } finally {
                connection.close();
            }
            System.out.println("CorpusIT: HAPI sent " + sentMessages.size() + " messages; without MSH-10, not sendable by HAPI: "
                    + withoutControlId + "; not parsed by this HAPI client although the oracle's HAPI did: " + notParsedHere);
            assertThat(withoutControlId).hasSizeLessThanOrEqualTo(3);
            assertThat(notParsedHere).isEmpty();
            assertThat(sentMessages).hasSizeGreaterThan(100);
            List<Path> written = awaitFiles(project.data().resolve("out"), sentEncoded.size());
            // HAPI re-encodes what it parsed, so the reference is HAPI's own encoding, what went on the wire: the
            // delivered file is that very text, and parses (with HAPI) to the same content. (HAPI cannot read back
            // its own encoding of two v2.8 MDM messages, "Determine encoding"; for those the text is compared.)
            List<String> notReparsable = new ArrayList<>();
            for (int i = 0; i < sentEncoded.size(); i++) {
                String delivered = Files.readString(written.get(i), StandardCharsets.UTF_8);
                assertThat(delivered).as("%s, as delivered", sentMessages.get(i)).isEqualTo(sentEncoded.get(i));
                Message reparsed;
                try {
                    reparsed = parser.parse(delivered);
                } catch (HL7Exception e) {
                    notReparsable.add(sentMessages.get(i).toString());
                    continue;
                }
                assertThat(parser.encode(reparsed)).as("%s, parsed from what was delivered", sentMessages.get(i))
                        .isEqualTo(sentEncoded.get(i));
            }
            System.out.println("CorpusIT: HAPI cannot parse its own encoding of " + notReparsable);
            assertThat(notReparsable).hasSizeLessThanOrEqualTo(2);
            assertThat(ductus.terminate(Duration.ofSeconds(20))).isZero();
        }
    }

    /** The files of {@code out/<id>.hl7}, by id, once there are {@code count} of them. */
    private static List<Path> awaitFiles(Path out, int count) throws Exception {
        List<List<Path>> found = new ArrayList<>();
        Eventually.within(Duration.ofSeconds(60), () -> {
            List<Path> files;
            if (!Files.isDirectory(out)) {
                files = List.of();
            } else {
                try (Stream<Path> list = Files.list(out)) {
                    files = list.filter(f -> !f.getFileName().toString().startsWith("."))
                            .sorted(Comparator.comparingLong(CorpusIT::id)).toList();
                }
            }
            assertThat(files).hasSize(count);
            found.add(files);
        });
        return found.get(found.size() - 1);
    }

    private static long id(Path file) {
        String name = file.getFileName().toString();
        return Long.parseLong(name.substring(0, name.indexOf('.')));
    }
}
