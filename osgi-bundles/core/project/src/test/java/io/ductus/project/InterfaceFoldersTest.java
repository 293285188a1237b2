package io.ductus.project;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.core.revision.InterfaceFiles;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** An interface folder is replaced whole or not at all, whatever moment a crash picks. */
class InterfaceFoldersTest {

    @TempDir
    Path project;

    static InterfaceFiles set(String name, String version, int files) {
        Map<String, byte[]> m = new LinkedHashMap<>();
        m.put(InterfaceFiles.interfaceFile(name), ("source: internal # " + version + "\n").getBytes(StandardCharsets.UTF_8));
        for (int i = 0; i < files; i++) {
            m.put(InterfaceFiles.folder(name) + (i % 2 == 0 ? "" : "tests/") + "f" + i + ".js",
                    ("// " + version + " " + i + "\n").repeat(50).getBytes(StandardCharsets.UTF_8));
        }
        return InterfaceFiles.of(name, m);
    }

    private Path folder(String name) {
        return project.resolve("interfaces").resolve(name);
    }

    @Test
    void replace_leaves_exactly_the_new_files_and_keeps_hidden_ones() throws Exception {
        InterfaceFolders folders = new InterfaceFolders(project);
        folders.replace("adt", set("adt", "old", 4));
        Files.writeString(folder("adt").resolve(".gitignore"), "*.tmp\n");
        folders.replace("adt", set("adt", "new", 2));
        assertThat(folders.read("adt").orElseThrow()).isEqualTo(set("adt", "new", 2));
        assertThat(folder("adt").resolve(".gitignore")).hasContent("*.tmp");
        assertThat(listing(project.resolve("interfaces"))).containsExactly("adt");
        assertThat(folders.names()).containsExactly("adt");
    }

    @Test
    void read_takes_the_lib_files_the_code_imports() throws Exception {
        Files.createDirectories(project.resolve("lib"));
        Files.writeString(project.resolve("lib/codes.js"), "export const c = 1;\n");
        Files.writeString(project.resolve("lib/other.js"), "export const o = 1;\n");
        Files.createDirectories(folder("lab"));
        Files.writeString(folder("lab").resolve("interface.yaml"), "source: internal\n");
        Files.writeString(folder("lab").resolve("transform.js"), "import { c } from '../../lib/codes.js';\n");
        assertThat(new InterfaceFolders(project).read("lab").orElseThrow().paths())
                .containsExactly("interfaces/lab/interface.yaml", "interfaces/lab/transform.js", "lib/codes.js");
        assertThat(new InterfaceFolders(project).read("nope")).isEmpty();
    }

    @Test
    void recovery_drops_new_files_that_were_not_in_place_yet() throws Exception {
        InterfaceFolders folders = new InterfaceFolders(project);
        folders.replace("adt", set("adt", "old", 2));
        Files.createDirectories(project.resolve("interfaces/.adt.deploy"));
        Files.writeString(project.resolve("interfaces/.adt.deploy/interface.yaml"), "half");
        assertThat(folders.recover()).singleElement().asString().contains("files before it stay");
        assertThat(folders.read("adt").orElseThrow()).isEqualTo(set("adt", "old", 2));
        assertThat(listing(project.resolve("interfaces"))).containsExactly("adt");
    }

    @Test
    void recovery_puts_complete_new_files_in_place_when_the_old_were_moved_away() throws Exception {
        InterfaceFolders folders = new InterfaceFolders(project);
        folders.replace("adt", set("adt", "new", 2));
        Files.move(folder("adt"), project.resolve("interfaces/.adt.deploy"));
        folders.replace("tmp", set("tmp", "old", 1));
        Files.move(folder("tmp"), project.resolve("interfaces/.adt.previous"));
        folders.recover();
        assertThat(folders.read("adt").orElseThrow().own().paths()).hasSize(3);
        assertThat(folders.read("adt").orElseThrow().text("interfaces/adt/interface.yaml")).contains("source: internal # new\n");
        assertThat(listing(project.resolve("interfaces"))).containsExactly("adt");
    }

    @Test
    void recovery_brings_the_old_files_back_when_nothing_new_is_there() throws Exception {
        InterfaceFolders folders = new InterfaceFolders(project);
        folders.replace("adt", set("adt", "old", 2));
        Files.move(folder("adt"), project.resolve("interfaces/.adt.previous"));
        folders.recover();
        assertThat(folders.read("adt").orElseThrow()).isEqualTo(set("adt", "old", 2));
    }

    @Test
    void a_removal_takes_the_folder_away_at_once() throws Exception {
        InterfaceFolders folders = new InterfaceFolders(project);
        folders.replace("adt", set("adt", "old", 2));
        folders.remove("adt");
        assertThat(folders.read("adt")).isEmpty();
        assertThat(listing(project.resolve("interfaces"))).isEmpty();
    }

    /**
     * A child JVM replaces the folder with one set and then the other as fast as it can and is killed with
     * SIGKILL at a random moment, ten times: after recovery the folder always holds one set entirely.
     */
    @Test
    void after_kill_9_at_any_moment_the_folder_holds_the_old_or_the_new_set_entirely() throws Exception {
        InterfaceFiles a = set("adt", "a", 6);
        InterfaceFiles b = set("adt", "b", 3);
        new InterfaceFolders(project).replace("adt", a);
        int sawA = 0;
        int sawB = 0;
        for (int round = 0; round < 10; round++) {
            Path java = Path.of(System.getProperty("java.home"), "bin", "java");
            Process child = new ProcessBuilder(java.toString(), "-cp", System.getProperty("java.class.path"),
                    FolderReplacer.class.getName(), project.toString()).redirectErrorStream(true).start();
            try {
                // wait for it to have replaced a few times, then kill it at a random moment
                assertThat(child.getInputStream().read()).as("the child started replacing").isNotNegative();
                Thread.sleep(ThreadLocalRandom.current().nextInt(5, 200));
            } finally {
                child.destroyForcibly();
                child.waitFor(10, TimeUnit.SECONDS);
            }
            InterfaceFolders folders = new InterfaceFolders(project);
            folders.recover();
            InterfaceFiles found = folders.read("adt").orElseThrow();
            assertThat(found).as("round %d", round).isIn(a, b);
            if (found.equals(a)) sawA++;
            else sawB++;
            assertThat(listing(project.resolve("interfaces"))).containsExactly("adt");
        }
        System.out.printf("InterfaceFoldersTest: 10 kills, the old set found %d times, the new %d times, never a mix%n", sawA, sawB);
    }

    private static Set<String> listing(Path folder) throws IOException {
        try (Stream<Path> s = Files.list(folder)) {
            return s.map(p -> p.getFileName().toString()).collect(Collectors.toSet());
        }
    }

    /** The process the kill test kills: replaces interfaces/adt with set a and set b in turn, forever. */
    public static final class FolderReplacer {
        public static void main(String[] args) throws Exception {
            InterfaceFolders folders = new InterfaceFolders(Path.of(args[0]));
            InterfaceFiles a = set("adt", "a", 6);
            InterfaceFiles b = set("adt", "b", 3);
            for (long i = 0; ; i++) {
                folders.replace("adt", i % 2 == 0 ? b : a);
                if (i == 2) {
                    System.out.write('.');
                    System.out.flush();
                }
            }
        }
    }
}
