package io.ductus.core.alert;

import java.util.regex.Pattern;

/** Email addresses as settings write them: {@code name@example.org}, nothing more (no display names). */
public final class Addresses {

    public static final String EXPECTED = "an email address such as oncall@example.org";
    private static final Pattern ADDRESS = Pattern.compile("[^@\\s<>,;\"]+@[^@\\s<>,;\"]+\\.[^@\\s<>,;\".]+");

    private Addresses() {
    }

    public static boolean valid(String address) {
        return address != null && ADDRESS.matcher(address.strip()).matches();
    }
}
