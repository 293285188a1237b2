package io.ductus.core.project;

import java.util.List;

/** A YAML sequence. */
public record ListNode(Position position, List<Node> items) implements Node {

    public ListNode {
        items = List.copyOf(items);
    }

    @Override
    public String describe() {
        return "a list";
    }

    @Override
    public List<Object> plain() {
        return items.stream().map(Node::plain).toList();
    }
}
