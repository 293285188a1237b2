package io.ductus.studio.hl7;

import java.util.Optional;

/**
 * The name and data type of each position of a segment, by number: PID-5 is "Patient Name" (XPN), its first
 * component "Family Name" (FN). The second half of the seam to the formats module: today
 * {@link BuiltInHl7Dictionary}; ductus-formats's dictionary behind the same interface later.
 */
public interface Hl7Dictionary {

    /** What the dictionary says of one position. */
    record Entry(String name, String dataType) {
    }

    /** A field of a segment (field ≥ 1). */
    Optional<Entry> field(String segment, int field);

    /** A component (≥ 1) of a data type, or a subcomponent of a component's type. */
    Optional<Entry> component(String dataType, int component);

    /** A dictionary that knows nothing (every position shows its path only). */
    Hl7Dictionary NONE = new Hl7Dictionary() {
        @Override
        public Optional<Entry> field(String segment, int field) {
            return Optional.empty();
        }

        @Override
        public Optional<Entry> component(String dataType, int component) {
            return Optional.empty();
        }
    };

    /** The entry of any position of the tree: a field's, or its component's and subcomponent's through their types. */
    default Optional<Entry> describe(Hl7Node node) {
        if (node.segment() == null || node.field() == 0) return Optional.empty();
        Optional<Entry> field = field(node.segment(), node.field());
        if (node.component() == 0) return field;
        Optional<Entry> component = field.flatMap(f -> component(f.dataType(), node.component()));
        if (node.subcomponent() == 0) return component;
        return component.flatMap(c -> component(c.dataType(), node.subcomponent()));
    }
}
