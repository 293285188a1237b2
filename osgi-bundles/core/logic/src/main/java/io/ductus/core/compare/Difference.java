package io.ductus.core.compare;

/**
 * One place where two outputs differ.
 *
 * @param path   where: an HL7 field path such as {@code PID-5.1} or {@code OBX[2]-5}, a JSON path such as
 *               {@code $.name[0]}, or {@code line 12}
 * @param before the value in the first (null: not there)
 * @param after  the value in the second (null: not there)
 */
public record Difference(String path, String before, String after) {
}
