package io.ductus.client;

import io.ductus.client.model.Check;
import io.ductus.client.model.CheckResult;
import io.ductus.client.model.Deploy;
import io.ductus.client.model.DeployFromDisk;
import io.ductus.client.model.Deployed;
import io.ductus.client.model.DeployedFromDisk;
import io.ductus.client.model.Diff;
import io.ductus.client.model.Draft;
import io.ductus.client.model.DraftList;
import io.ductus.client.model.DraftSave;
import io.ductus.client.model.Remove;
import io.ductus.client.model.Revision;
import io.ductus.client.model.RevisionList;
import io.ductus.client.model.Rollback;
import io.ductus.client.model.TestRecord;
import io.ductus.client.model.TestRecorded;
import io.ductus.client.model.TestRun;
import io.ductus.client.model.TestRunResult;
import io.ductus.client.model.Trial;
import io.ductus.client.model.TrialResult;

/** The design operations (revisions, diffs, deploys, rollback, removal, drafts, trials): {@link DesignClient} calls an engine. */
public interface DesignApi {

    /** An interface's revisions newest first; {@code before} is the previous page's next (null for the first). */
    RevisionList revisions(String interfaceName, Integer before, int limit);

    /** One revision with its files. */
    Revision revision(String interfaceName, int revision);

    /**
     * The diff from one version of the interface's files to another: each a revision number, {@code draft} or
     * {@code running}; null for the engine's default (from the revision before {@code to}, to the current one).
     */
    Diff diff(String interfaceName, String from, String to);

    /** Deploys one interface live (or a new one) with these files or the caller's draft. */
    Deployed deploy(String interfaceName, Deploy request);

    /** Deploys an older revision's files again, as a new revision. */
    Deployed rollback(String interfaceName, Rollback request);

    /** Removes an interface (refused while messages are pending unless they are to be filtered). */
    Deployed remove(String interfaceName, Remove request);

    /** Deploys what the engine's project folder holds where it differs from what runs ({@code ductus deploy}). */
    DeployedFromDisk deployFromDisk(DeployFromDisk request);

    /** The caller's drafts. */
    DraftList drafts();

    /** The caller's draft of an interface, with its files. */
    Draft draft(String interfaceName);

    /** Saves the caller's draft of an interface whole. */
    Draft saveDraft(String interfaceName, DraftSave draft);

    /**
     * Runs code (the caller's draft, the deployed revision, or files sent) on sample messages on the engine;
     * nothing is sent or stored. Interrupting the calling thread abandons the call.
     */
    TrialResult trial(String interfaceName, Trial request);

    /** Runs the interface's tests on the engine (on the files sent, the draft or the deployed revision); nothing is deployed. */
    TestRunResult tests(String interfaceName, TestRun request);

    /** A sample pinned as a test file (what the code does with it now for one destination); nothing is saved. */
    TestRecorded recordTest(String interfaceName, TestRecord request);

    /**
     * The JSON Schema of a project file (interface.schema.json, ductus.schema.json, resources.schema.json) for the
     * connector types installed on the engine now, plugins' included: a schema is a document to walk, so a tree.
     */
    com.fasterxml.jackson.databind.JsonNode configSchema(String file);

    /** Checks files (or the draft) as ductus validate does: every problem with file, line and field. */
    CheckResult check(String interfaceName, Check request);

    void deleteDraft(String interfaceName);
}
