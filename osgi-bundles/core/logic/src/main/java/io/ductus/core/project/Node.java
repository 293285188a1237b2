package io.ductus.core.project;

/**
 * A value read from a YAML file that remembers where it was written. The loader builds these trees (it
 * does the IO); the core checks them and maps them into the model, so every problem has a position.
 */
public sealed interface Node permits MapNode, ListNode, ScalarNode {

    Position position();

    /** Words for "got …" in messages: {@code 'many'}, {@code 20}, {@code a mapping}, {@code a list}. */
    String describe();

    /** The plain Java value: String, Long, Double, Boolean, null, List or Map (keys in file order). */
    Object plain();
}
