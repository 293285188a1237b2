package io.ductus.connector.file;

import io.ductus.sdk.ConnectorFactory;
import io.ductus.sdk.InboundMessage;
import io.ductus.sdk.testkit.BatchedSourceContract;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;

/** The file source passes the plugin-sdk contract for batched sources, with CSV files. */
class FileSourceContractTest extends BatchedSourceContract {

    @Override
    protected ConnectorFactory factory() {
        return new FileConnectorFactory();
    }

    @Override
    protected Map<String, Object> sourceSettings() {
        return Map.of("folder", "in", "split", "csv", "poll", "50ms");
    }

    /** One CSV file, written under a dot-name and renamed into the folder as a careful sender does. */
    @Override
    protected void offer(int count) throws Exception {
        StringBuilder csv = new StringBuilder("number,text\r\n");
        for (int n = 1; n <= count; n++) csv.append(n).append(",\"row ").append(n).append("\nsecond line\"\r\n");
        Path folder = Files.createDirectories(dataDirectory.resolve("in"));
        Path temporary = folder.resolve(".rows.csv.tmp");
        Files.writeString(temporary, csv, StandardCharsets.UTF_8);
        Files.move(temporary, folder.resolve("rows.csv"), StandardCopyOption.ATOMIC_MOVE);
    }

    @Override
    protected int recordNumber(InboundMessage stored) {
        String text = new String(stored.payload(), StandardCharsets.UTF_8);
        String row = text.substring(text.indexOf("\r\n") + 2);
        return Integer.parseInt(row.substring(0, row.indexOf(',')));
    }
}
