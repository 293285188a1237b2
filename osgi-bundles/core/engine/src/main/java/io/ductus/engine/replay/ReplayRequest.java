package io.ductus.engine.replay;

import io.ductus.core.revision.InterfaceFiles;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * What to replay: the originals of these interfaces received in [{@code from}, {@code to}), through a
 * candidate, compared outside the ignored paths.
 *
 * @param owner        who asked (user:NAME or token:NAME): whose draft a draft candidate is
 * @param destinations only these (empty: every destination)
 */
public record ReplayRequest(String owner, List<String> interfaces, long from, long to, Candidate candidate, List<String> ignore,
                            Set<String> destinations) {

    public ReplayRequest {
        interfaces = List.copyOf(interfaces);
        ignore = List.copyOf(ignore);
        destinations = Set.copyOf(destinations);
        Objects.requireNonNull(candidate, "candidate");
        if (interfaces.isEmpty()) throw new IllegalArgumentException("name at least one interface");
        if (to <= from) throw new IllegalArgumentException("the period ends before it starts");
    }

    /**
     * The code to replay: the deployed revision (a determinism check), the owner's draft, a recorded
     * revision, or files given (another project folder's interface folder and lib/ files).
     *
     * @param revision the number, for {@link Kind#REVISION}
     * @param files    by interface, for {@link Kind#FILES}
     */
    public record Candidate(Kind kind, Integer revision, Map<String, InterfaceFiles> files) {
        public Candidate {
            files = Map.copyOf(files);
            if (kind == Kind.REVISION && revision == null) throw new IllegalArgumentException("a revision candidate names its number");
        }

        public static Candidate deployed() {
            return new Candidate(Kind.DEPLOYED, null, Map.of());
        }

        public String describe() {
            return switch (kind) {
                case DEPLOYED -> "deployed";
                case DRAFT -> "draft";
                case REVISION -> "revision " + revision;
                case FILES -> "files";
            };
        }
    }

    public enum Kind { DEPLOYED, DRAFT, REVISION, FILES }
}
