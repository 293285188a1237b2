package io.ductus.engine.plugins;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class UnresolvedRequirementsTest {

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            osgi.wiring.package | (&(osgi.wiring.package=org.example)(version>=1.2.0)(!(version>=2.0.0))) | missing package org.example [1.2.0,2.0.0)
            osgi.wiring.package | (&(osgi.wiring.package=org.example)(version>=1.2.0))                   | missing package org.example [1.2.0,∞)
            osgi.wiring.package | (osgi.wiring.package=org.example)                                       | missing package org.example
            osgi.extender       | (osgi.extender=osgi.component)                                          | missing osgi.extender (osgi.extender=osgi.component)
            """)
    void describes_what_is_missing_in_words(String namespace, String filter, String expected) {
        assertThat(UnresolvedRequirements.describe(namespace, filter)).isEqualTo(expected);
    }
}
