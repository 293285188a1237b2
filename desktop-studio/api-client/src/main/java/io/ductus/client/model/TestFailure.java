package io.ductus.client.model;

/**
 * Why a test failed (or its file did not load): the message, the expectation's expected and actual values as
 * JavaScript, the test file's line, where the error was thrown when in another file ({@code file:line}), and
 * the text a refused deploy names it by.
 */
@ApiSchema("TestFailure")
public record TestFailure(String message, String expected, String actual, Integer line, String thrownAt, String text) {
}
