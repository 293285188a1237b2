package io.ductus.studio.main;

/** The screens of a server window, in tab order (Ctrl+1 … Ctrl+9). */
public enum Screen {
    DASHBOARD("Dashboard"), MESSAGES("Messages"), DESIGNER("Designer"), REPLAY("Replay"), COMPARE("Compare"), QUARANTINE("Quarantine"), AUDIT("Audit log"), USERS("Users"),
    TOKENS("Tokens");

    private final String title;

    Screen(String title) {
        this.title = title;
    }

    public String title() {
        return title;
    }
}
