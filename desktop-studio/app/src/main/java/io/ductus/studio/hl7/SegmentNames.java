package io.ductus.studio.hl7;

import java.util.Map;

/** The names of the segments most messages carry, for the tree's segment rows. */
final class SegmentNames {

    private static final Map<String, String> NAMES = Map.ofEntries(
            Map.entry("MSH", "Message Header"), Map.entry("EVN", "Event Type"), Map.entry("PID", "Patient Identification"),
            Map.entry("PD1", "Patient Additional Demographic"), Map.entry("NK1", "Next of Kin"), Map.entry("PV1", "Patient Visit"),
            Map.entry("PV2", "Patient Visit - Additional Information"), Map.entry("ORC", "Common Order"),
            Map.entry("OBR", "Observation Request"), Map.entry("OBX", "Observation/Result"), Map.entry("NTE", "Notes and Comments"),
            Map.entry("AL1", "Patient Allergy Information"), Map.entry("DG1", "Diagnosis"), Map.entry("IN1", "Insurance"),
            Map.entry("MSA", "Message Acknowledgment"), Map.entry("ERR", "Error"), Map.entry("MRG", "Merge Patient Information"),
            Map.entry("SCH", "Scheduling Activity Information"), Map.entry("TXA", "Transcription Document Header"),
            Map.entry("FT1", "Financial Transaction"), Map.entry("BHS", "Batch Header"), Map.entry("BTS", "Batch Trailer"),
            Map.entry("FHS", "File Header"), Map.entry("FTS", "File Trailer"));

    private SegmentNames() {
    }

    static String of(String segment) {
        return NAMES.getOrDefault(segment, segment != null && segment.startsWith("Z") ? "site-defined" : "");
    }
}
