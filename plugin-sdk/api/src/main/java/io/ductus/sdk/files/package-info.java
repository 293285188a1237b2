/**
 * The pure logic of sources and destinations that work on folders of files, local or remote (file, SFTP):
 * which files of a listing are ready and in what order ({@link io.ductus.sdk.files.Readiness}), how far a
 * file was read, saved as a batch's progress ({@link io.ductus.sdk.files.FileProgress}), whether a file
 * is still the one that progress is about ({@link io.ductus.sdk.files.FileFingerprint}), reading a file
 * into the intake in batches with that progress ({@link io.ductus.sdk.files.RecordIngest}), and the path
 * template of file destinations ({@link io.ductus.sdk.files.PathTemplate}), the checks of the settings
 * every folder-reading source takes ({@link io.ductus.sdk.files.FolderSourceChecks}), the loop that
 * polls the folder ({@link io.ductus.sdk.files.PollLoop}), and what a long read tells operators as it
 * goes ({@link io.ductus.sdk.files.IngestReport}).
 */
@Export
@Version("1.2.0")
package io.ductus.sdk.files;

import org.osgi.annotation.bundle.Export;
import org.osgi.annotation.versioning.Version;
