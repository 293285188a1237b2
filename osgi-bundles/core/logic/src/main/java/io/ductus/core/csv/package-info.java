/** CSV (RFC 4180) text as records and as a table with a header, and back; no IO. */
package io.ductus.core.csv;
