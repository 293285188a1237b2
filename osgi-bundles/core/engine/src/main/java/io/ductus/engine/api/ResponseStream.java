package io.ductus.engine.api;

/** A response body written as it comes, after the headers, until {@link #writeTo} returns. */
@FunctionalInterface
public interface ResponseStream {

    /** Writes the body; returns when it is done or {@code out} refuses a write (the client went). */
    void writeTo(Output out) throws InterruptedException;

    /** Where a streamed body goes: the client's connection. */
    interface Output {

        /** Sends {@code text} (UTF-8) and waits until it is handed to the connection; false once the client went. */
        boolean write(String text) throws InterruptedException;

        /** Runs {@code action} when the client goes (at once if it already went). */
        void onClose(Runnable action);
    }
}
