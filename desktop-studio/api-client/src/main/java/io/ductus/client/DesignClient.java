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
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The design operations of a {@link DuctusClient} ({@code client.design()}): an interface's revisions and their
 * diff, deploying files or a draft live, rollback and removal, ductus deploy from the project folder, and the
 * caller's drafts. Same credentials and failures as the client's other calls; a refused deploy's problems are
 * {@link ApiException#problems()}.
 */
public final class DesignClient implements DesignApi {

    private final DuctusClient client;

    DesignClient(DuctusClient client) {
        this.client = client;
    }

    /** An interface's revisions newest first; {@code before} is the previous page's next (null for the first). */
    @Override
    public RevisionList revisions(String interfaceName, Integer before, int limit) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("before", before);
        query.put("limit", limit);
        return client.get(Operation.LIST_REVISIONS, Operation.LIST_REVISIONS.expand(interfaceName) + DuctusClient.queryString(query),
                RevisionList.class);
    }

    /** One revision with its files. */
    @Override
    public Revision revision(String interfaceName, int revision) {
        return client.get(Operation.GET_REVISION, Operation.GET_REVISION.expand(interfaceName, revision), Revision.class);
    }

    /**
     * The diff from one version of the interface's files to another: each a revision number, {@code draft} or
     * {@code running}; null for the engine's default (from the revision before {@code to}, to the current one).
     */
    @Override
    public Diff diff(String interfaceName, String from, String to) {
        Map<String, Object> query = new LinkedHashMap<>();
        query.put("from", from);
        query.put("to", to);
        return client.get(Operation.DIFF_REVISIONS, Operation.DIFF_REVISIONS.expand(interfaceName) + DuctusClient.queryString(query),
                Diff.class);
    }

    /** Deploys one interface live (or a new one) with these files or the caller's draft. */
    @Override
    public Deployed deploy(String interfaceName, Deploy request) {
        return client.call(Operation.DEPLOY_INTERFACE, Operation.DEPLOY_INTERFACE.expand(interfaceName), request, Deployed.class);
    }

    /** Deploys an older revision's files again, as a new revision. */
    @Override
    public Deployed rollback(String interfaceName, Rollback request) {
        return client.call(Operation.ROLLBACK_INTERFACE, Operation.ROLLBACK_INTERFACE.expand(interfaceName), request, Deployed.class);
    }

    /** Removes an interface (refused while messages are pending unless they are to be filtered). */
    @Override
    public Deployed remove(String interfaceName, Remove request) {
        return client.call(Operation.REMOVE_INTERFACE, Operation.REMOVE_INTERFACE.expand(interfaceName), request, Deployed.class);
    }

    /** Deploys what the engine's project folder holds where it differs from what runs ({@code ductus deploy}). */
    @Override
    public DeployedFromDisk deployFromDisk(DeployFromDisk request) {
        return client.call(Operation.DEPLOY_FROM_DISK, Operation.DEPLOY_FROM_DISK.path(), request, DeployedFromDisk.class);
    }

    /** The caller's drafts. */
    @Override
    public DraftList drafts() {
        return client.get(Operation.LIST_DRAFTS, Operation.LIST_DRAFTS.path(), DraftList.class);
    }

    /** The caller's draft of an interface, with its files. */
    @Override
    public Draft draft(String interfaceName) {
        return client.get(Operation.GET_DRAFT, Operation.GET_DRAFT.expand(interfaceName), Draft.class);
    }

    /** Saves the caller's draft of an interface whole. */
    @Override
    public Draft saveDraft(String interfaceName, DraftSave draft) {
        return client.call(Operation.SAVE_DRAFT, Operation.SAVE_DRAFT.expand(interfaceName), draft, Draft.class);
    }

    /**
     * Runs code (the caller's draft, the deployed revision, or files sent) on sample messages on the engine;
     * nothing is sent or stored. Interrupting the calling thread abandons the call.
     */
    @Override
    public TrialResult trial(String interfaceName, Trial request) {
        return client.call(Operation.TRIAL_INTERFACE, Operation.TRIAL_INTERFACE.expand(interfaceName), request, TrialResult.class);
    }

    /** Runs the interface's tests on the engine (on the files sent, the draft or the deployed revision); nothing is deployed. */
    @Override
    public TestRunResult tests(String interfaceName, TestRun request) {
        return client.call(Operation.TEST_INTERFACE, Operation.TEST_INTERFACE.expand(interfaceName), request, TestRunResult.class);
    }

    /** A sample pinned as a test file (what the code does with it now for one destination); nothing is saved. */
    @Override
    public TestRecorded recordTest(String interfaceName, TestRecord request) {
        return client.call(Operation.RECORD_INTERFACE_TEST, Operation.RECORD_INTERFACE_TEST.expand(interfaceName), request, TestRecorded.class);
    }

    /**
     * The JSON Schema of a project file (interface.schema.json, ductus.schema.json, resources.schema.json) for the
     * connector types installed on the engine now, plugins' included: a schema is a document to walk, so a tree.
     */
    @Override
    public com.fasterxml.jackson.databind.JsonNode configSchema(String file) {
        return client.get(Operation.GET_CONFIG_SCHEMA, Operation.GET_CONFIG_SCHEMA.expand(file), com.fasterxml.jackson.databind.JsonNode.class);
    }

    /** Checks files (or the draft) as ductus validate does: every problem with file, line and field. */
    @Override
    public CheckResult check(String interfaceName, Check request) {
        return client.call(Operation.CHECK_INTERFACE, Operation.CHECK_INTERFACE.expand(interfaceName), request, CheckResult.class);
    }

    @Override
    public void deleteDraft(String interfaceName) {
        client.call(Operation.DELETE_DRAFT, Operation.DELETE_DRAFT.expand(interfaceName), null, Void.class);
    }
}
