package io.ductus.core.project.shape;

import java.util.List;
import java.util.Optional;

/** A mapping with a fixed set of keys; any other key is refused with the list of known ones. */
public record Section(List<Setting> settings) implements Shape {

    public Section {
        settings = List.copyOf(settings);
    }

    public static Section of(Setting... settings) {
        return new Section(List.of(settings));
    }

    public Optional<Setting> find(String key) {
        return settings.stream().filter(s -> s.key().equals(key)).findFirst();
    }

    public List<String> keys() {
        return settings.stream().map(Setting::key).toList();
    }

    @Override
    public String expected() {
        return "a mapping with the keys " + String.join(", ", keys());
    }
}
