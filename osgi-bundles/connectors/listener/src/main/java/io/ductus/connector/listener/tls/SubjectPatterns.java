package io.ductus.connector.listener.tls;

import java.security.cert.CertificateParsingException;
import java.security.cert.X509Certificate;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.regex.Pattern;
import javax.naming.InvalidNameException;
import javax.naming.ldap.LdapName;
import javax.naming.ldap.Rdn;

/**
 * Which client certificates a listener takes: patterns such as {@code CN=lab-gw-*}, {@code O=Example Lab},
 * {@code OU=Interfaces}, {@code DNS=*.lab.example.org}; a certificate is taken when any one of them matches (an
 * attribute of its subject, or one of its DNS names). {@code *} matches any run of characters; case is ignored.
 */
public final class SubjectPatterns {

    private static final Set<String> ATTRIBUTES = Set.of("CN", "O", "OU", "C", "L", "ST", "DC", "DNS");

    private record One(String attribute, Pattern value, String text) {
    }

    private final List<One> patterns;

    private SubjectPatterns(List<One> patterns) {
        this.patterns = patterns;
    }

    /** Anything the CA issued. */
    public static final SubjectPatterns ANY = new SubjectPatterns(List.of());

    /** @throws IllegalArgumentException naming a pattern that is not {@code ATTRIBUTE=value} */
    public static SubjectPatterns parse(Collection<String> texts) {
        List<One> all = new ArrayList<>();
        for (String text : texts) {
            int eq = text.indexOf('=');
            String attribute = eq < 0 ? "" : text.substring(0, eq).strip().toUpperCase(Locale.ROOT);
            if (eq < 0 || !ATTRIBUTES.contains(attribute) || text.substring(eq + 1).isBlank()) {
                throw new IllegalArgumentException("'" + text + "' is not a subject pattern such as CN=lab-*, O=Example or"
                        + " DNS=*.example.org (attributes: " + String.join(", ", new java.util.TreeSet<>(ATTRIBUTES)) + ")");
            }
            String value = text.substring(eq + 1).strip();
            StringBuilder regex = new StringBuilder();
            for (String part : value.split("\\*", -1)) {
                if (!regex.isEmpty()) regex.append(".*");
                regex.append(Pattern.quote(part));
            }
            all.add(new One(attribute, Pattern.compile(regex.toString(), Pattern.CASE_INSENSITIVE), attribute + "=" + value));
        }
        return new SubjectPatterns(List.copyOf(all));
    }

    public boolean isEmpty() {
        return patterns.isEmpty();
    }

    /** Whether the certificate matches one of the patterns (always, without patterns). */
    public boolean matches(X509Certificate certificate) {
        if (patterns.isEmpty()) return true;
        List<String[]> values = values(certificate);
        for (One p : patterns) {
            for (String[] v : values) {
                if (v[0].equals(p.attribute()) && p.value().matcher(v[1]).matches()) return true;
            }
        }
        return false;
    }

    @Override
    public String toString() {
        return String.join(", ", patterns.stream().map(One::text).toList());
    }

    private static List<String[]> values(X509Certificate certificate) {
        List<String[]> values = new ArrayList<>();
        try {
            for (Rdn rdn : new LdapName(certificate.getSubjectX500Principal().getName()).getRdns()) {
                values.add(new String[] {rdn.getType().toUpperCase(Locale.ROOT), String.valueOf(rdn.getValue())});
            }
        } catch (InvalidNameException e) {
            // no subject attributes to match
        }
        try {
            Collection<List<?>> names = certificate.getSubjectAlternativeNames();
            if (names != null) {
                for (List<?> name : names) {
                    if (Integer.valueOf(2).equals(name.get(0))) values.add(new String[] {"DNS", String.valueOf(name.get(1))});
                }
            }
        } catch (CertificateParsingException e) {
            // no DNS names to match
        }
        return values;
    }
}
