package io.ductus.project;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ductus.core.project.ConnectorTypes;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;

/**
 * Writes the JSON Schemas into a folder. The build runs it (exec-maven-plugin, process-classes) to put
 * them in the jar's schemas/ and from there in the distribution; connector types are not known at build
 * time, so connector settings are open there except for the built-in route types.
 */
public final class SchemaWriter {

    private SchemaWriter() {
    }

    public static void main(String[] args) throws IOException {
        if (args.length != 1) throw new IllegalArgumentException("usage: SchemaWriter <output folder>");
        write(Path.of(args[0]), ConnectorTypes.unknown());
    }

    /** Writes every schema into the folder, creating it; the text ends with a line break. */
    public static void write(Path folder, ConnectorTypes types) throws IOException {
        Files.createDirectories(folder);
        ObjectMapper mapper = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
        for (Map.Entry<String, ObjectNode> schema : new SchemaGenerator(types).all().entrySet()) {
            String text = mapper.writeValueAsString(schema.getValue()) + "\n";
            Files.writeString(folder.resolve(schema.getKey()), text, StandardCharsets.UTF_8);
        }
    }
}
