package io.ductus.core.auth;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.Test;

class CredentialsTest {

    @Test
    void tokens_and_sessions_have_a_prefix_and_64_hex_digits() {
        byte[] random = new byte[32];
        Arrays.fill(random, (byte) 0xab);
        assertThat(Credentials.token(random)).isEqualTo("dux_" + "ab".repeat(32));
        assertThat(Credentials.session(random)).isEqualTo("dus_" + "ab".repeat(32));
        assertThat(Credentials.isToken(Credentials.token(random))).isTrue();
        assertThat(Credentials.isToken(Credentials.session(random))).isFalse();
        assertThat(Credentials.isToken("dux_abc")).isFalse();
    }

    @Test
    void stores_the_sha256_of_a_secret() {
        assertThat(Credentials.hash("abc")).isEqualTo("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
    }

    @Test
    void names_are_letters_digits_and_a_few_signs() {
        assertThat(AccountNames.problem("alice@example.org")).isEmpty();
        assertThat(AccountNames.problem("ci-deploy_1")).isEmpty();
        assertThat(AccountNames.problem("")).contains("a name is required");
        assertThat(AccountNames.problem("a b")).isPresent();
        assertThat(AccountNames.problem("-x")).isPresent();
    }
}
