/**
 * How two outputs differ, in the terms a reader of that format uses: HL7 by field path
 * ({@code OBX[2]-5.1}), JSON by path ({@code $.patient.name[0]}), text by line. The trial shows these
 * differences (from the input, or from the deployed code's output); replay compares with them.
 */
package io.ductus.core.compare;
