package io.ductus.sdk;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.format.ApiSignature;
import org.junit.jupiter.api.Test;

/**
 * The exported packages against the recorded release (api-signature.txt beside the pom), as
 * {@link io.ductus.format.ApiSignature} judges them; docs/development.md says how to record a release.
 */
class ApiSignatureTest {

    @Test
    void the_api_keeps_what_the_recorded_release_had_and_versions_what_it_adds() throws Exception {
        assertThat(ApiSignature.checkModule(getClass().getClassLoader())).isEmpty();
    }
}
