package io.ductus.studio.connect;

/**
 * A saved server: a name, the API's URL, the user name and whether to sign in with a token. Never a password
 * or a token: those are typed each time and kept only in memory.
 */
public record ServerProfile(String name, String url, String username, boolean useToken) {

    @Override
    public String toString() {
        return name;
    }
}
