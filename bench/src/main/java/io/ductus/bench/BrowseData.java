package io.ductus.bench;

import io.ductus.store.Durability;
import io.ductus.store.IntakeBatch;
import io.ductus.store.NewMessage;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * The messages of the browse benchmark: what a hospital's engine holds after ten days. Six interfaces in
 * the proportions of a typical feed (ADT 40 %, ORU 30 %, ORM 15 %, DFT 7 %, SIU 5 %, MDM 3 %), one to three
 * destinations each, payloads from 0.6 KB (scheduling) through 1–9 KB (lab results with 5 to 40 OBX) to
 * 15–50 KB (documents with an embedded PDF), 200,000 patients as ordering keys, MSH-10 as ADT's dedupe key
 * with one message in 200 sent twice. Received times rise evenly over the ten days with up to a second of
 * jitter, so they are not strictly in id order. Seeded: every run stores the same messages.
 */
final class BrowseData {

    static final long DAYS = 10;
    static final int LANES = 16;
    static final int PATIENTS = 200_000;
    /** The patient whose MRN the text search looks for: about one message in 40,000 is theirs. */
    static final String RARE_MRN = "MRN0077777";

    record Kind(String interfaceName, int percent, List<String> destinations) {
    }

    static final List<Kind> KINDS = List.of(
            new Kind("adt-in", 40, List.of("lab", "radiology", "archive")),
            new Kind("oru-in", 30, List.of("ehr", "archive")),
            new Kind("orm-in", 15, List.of("lab")),
            new Kind("dft-in", 7, List.of("billing")),
            new Kind("siu-in", 5, List.of("scheduling")),
            new Kind("mdm-in", 3, List.of("documents", "archive")));

    private static final String[] FAMILY = {"DOE", "SMITH", "JOHNSON", "GARCIA", "MILLER", "DAVIS", "MARTINEZ",
            "LOPEZ", "WILSON", "ANDERSON", "TAYLOR", "THOMAS", "MOORE", "JACKSON", "MARTIN", "LEE", "THOMPSON"};
    private static final String[] GIVEN = {"JANE", "JOHN", "MARIA", "JAMES", "LINDA", "ROBERT", "PATRICIA",
            "MICHAEL", "ELIZABETH", "DAVID", "SUSAN", "JOSEPH", "KAREN", "CHARLES", "NANCY"};
    private static final String[] ADT_EVENTS = {"A01", "A02", "A03", "A04", "A08", "A08", "A08"};
    private static final String[] TESTS = {"2345-7^GLUCOSE", "2160-0^CREATININE", "718-7^HEMOGLOBIN",
            "6690-2^WBC", "777-3^PLATELETS", "2951-2^SODIUM", "2823-3^POTASSIUM", "1742-6^ALT"};

    private final long start;
    private final long span;
    private final int total;
    private final SplittableRandom random = new SplittableRandom(20261130);
    private final byte[] pdf;
    private String lastAdt;

    /** {@code total} messages received over the {@value #DAYS} days that end at {@code end} (Unix ms). */
    BrowseData(long end, int total) {
        this.span = DAYS * 86_400_000L;
        this.start = end - span;
        this.total = total;
        byte[] raw = new byte[36_000];
        new SplittableRandom(7).nextBytes(raw);
        this.pdf = Base64.getEncoder().encode(raw);
    }

    /** When message {@code i} (0-based) of the run was received. */
    long receivedAt(long i) {
        return start + i * span / total + random.nextInt(1000);
    }

    /**
     * Messages {@code from} (inclusive) to {@code from + n} as intake stores them: one relaxed batch per
     * interface, so ids interleave the interfaces in runs of a few messages.
     */
    List<IntakeBatch> chunk(long from, int n) {
        Map<Kind, List<NewMessage>> byKind = new LinkedHashMap<>();
        for (long i = from; i < from + n && i < total; i++) {
            Kind kind = kindOf(i);
            byKind.computeIfAbsent(kind, k -> new ArrayList<>()).add(message(kind, i));
        }
        List<IntakeBatch> batches = new ArrayList<>();
        byKind.forEach((k, messages) -> batches.add(IntakeBatch.of(k.interfaceName(), Durability.RELAXED, messages)));
        return batches;
    }

    /** Which kind message {@code i} is, in the proportions of {@link #KINDS}. */
    Kind kindOf(long i) {
        int roll = (int) Math.floorMod(i * 2654435761L, 100);
        for (Kind k : KINDS) {
            if (roll < k.percent()) return k;
            roll -= k.percent();
        }
        return KINDS.get(0);
    }

    private NewMessage message(Kind kind, long i) {
        int patient = random.nextInt(40_000) == 0 ? 77_777 : random.nextInt(PATIENTS);
        String mrn = String.format("MRN%07d", patient);
        String control = "C" + i;
        if (kind.interfaceName().equals("adt-in")) {
            if (random.nextInt(200) == 0 && lastAdt != null) control = lastAdt; // one in 200 sent twice
            lastAdt = control;
        }
        String name = FAMILY[patient % FAMILY.length] + "^" + GIVEN[(patient / 17) % GIVEN.length];
        String text = switch (kind.interfaceName()) {
            case "adt-in" -> adt(control, mrn, name);
            case "oru-in" -> oru(control, mrn, name);
            case "orm-in" -> msh("ORM^O01", control) + pid(mrn, name) + "ORC|NW|ORD" + i + "\rOBR|1|ORD" + i
                    + "||" + TESTS[random.nextInt(TESTS.length)] + "^LN|||20261120083000\r";
            case "dft-in" -> msh("DFT^P03", control) + "EVN|P03|20261120083000\r" + pid(mrn, name)
                    + "FT1|1|||20261120083000||CG|99213^OFFICE VISIT^CPT|||1\r";
            case "siu-in" -> msh("SIU^S12", control) + "SCH|APT" + i + "||||||ROUTINE|30|MIN\r" + pid(mrn, name);
            default -> msh("MDM^T02", control) + pid(mrn, name) + "TXA|1|DS|AP|20261120083000\rOBX|1|ED|PDF^DISCHARGE"
                    + "||^AP^PDF^Base64^" + new String(pdf, 0, 15_000 + random.nextInt(20_000), StandardCharsets.US_ASCII)
                    + "||||||F\r";
        };
        String dedupe = kind.interfaceName().equals("adt-in") ? control : null;
        int lane = Math.floorMod(mrn.hashCode(), LANES);
        return new NewMessage(receivedAt(i), text.getBytes(StandardCharsets.UTF_8), "UTF-8", mrn, lane, dedupe,
                kind.destinations(), "{\"remote\":\"10.20.0." + (i % 40) + ":" + (40_000 + i % 20_000) + "\"}");
    }

    private String adt(String control, String mrn, String name) {
        String event = ADT_EVENTS[random.nextInt(ADT_EVENTS.length)];
        return msh("ADT^" + event, control) + "EVN|" + event + "|20261120083000\r" + pid(mrn, name)
                + "NK1|1|" + name + "|SPO|1 MAIN ST^^SPRINGFIELD^IL^62701|555-0101\r"
                + "PV1|1|I|W^389^1^HOSP||||1234^SMITH^JOHN^^^DR|||MED||||1|||1234^SMITH^JOHN^^^DR|IN\r"
                + "AL1|1|DA|1605^PENICILLIN^RXNORM|MO|RASH\rDG1|1|I10|J18.9^PNEUMONIA, UNSPECIFIED^I10|||A\r";
    }

    private String oru(String control, String mrn, String name) {
        StringBuilder s = new StringBuilder(msh("ORU^R01", control)).append(pid(mrn, name))
                .append("OBR|1|ORD|FIL|24331-1^LIPID PANEL^LN|||20261120083000\r");
        int results = 5 + random.nextInt(36);
        for (int r = 1; r <= results; r++) {
            String test = TESTS[random.nextInt(TESTS.length)];
            s.append("OBX|").append(r).append("|NM|").append(test).append("^LN||").append(random.nextInt(400))
                    .append("|mg/dL|70-99|N|||F|||20261120083000|LAB^MAIN LABORATORY\r");
            if (random.nextInt(4) == 0) s.append("NTE|").append(r).append("||Result verified by second reader\r");
        }
        return s.toString();
    }

    private static String msh(String type, String control) {
        return "MSH|^~\\&|EPIC|HOSP|DUCTUS|HOSP|20261120083000||" + type + "|" + control + "|P|2.5.1\r";
    }

    private static String pid(String mrn, String name) {
        return "PID|1||" + mrn + "^^^HOSP^MR||" + name + "||19800101|F|||1 MAIN ST^^SPRINGFIELD^IL^62701||555-0100\r";
    }
}
