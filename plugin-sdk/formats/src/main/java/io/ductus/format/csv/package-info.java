/**
 * CSV (RFC 4180 and its lenient rules): one state machine ({@link io.ductus.format.csv.CsvState}) behind
 * the reader of records and tables ({@link io.ductus.format.csv.CsvReader}, {@link io.ductus.format.csv.CsvTable})
 * and the splitter of streams into rows; the writer.
 */
@Export
@Version("1.0.0")
package io.ductus.format.csv;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
