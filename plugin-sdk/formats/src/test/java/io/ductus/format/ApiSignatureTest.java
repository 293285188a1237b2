package io.ductus.format;

import static org.assertj.core.api.Assertions.assertThat;


import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/**
 * The exported packages against the recorded release (api-signature.txt beside the pom): nothing a plugin
 * built against it uses is removed or changed without a new major version, and what is added comes with
 * a new minor version. To record a release: {@code ./mvnw -pl plugin-sdk/formats test -Dtest=ApiSignatureTest
 * -Dductus.api.record=true} (docs/development.md).
 */
class ApiSignatureTest {

    private static final Path RECORDED = Path.of("api-signature.txt");

    @Test
    void the_api_keeps_what_the_recorded_release_had_and_versions_what_it_adds() throws Exception {
        String from = System.getProperty("ductus.api.record.from", "");
        Path module = from.isEmpty() ? Path.of("") : Path.of(from);
        ApiSignature now = ApiSignature.of(module.resolve("src/main/java"), module.resolve("target/classes"),
                getClass().getClassLoader());
        if (Boolean.getBoolean("ductus.api.record")) {
            now.write(RECORDED, "The released API of this module's exported packages (ApiSignatureTest compares with it).");
            return;
        }
        assertThat(now.compare(ApiSignature.read(RECORDED))).isEmpty();
    }
}
