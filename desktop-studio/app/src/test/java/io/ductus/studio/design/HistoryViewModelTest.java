package io.ductus.studio.design;

import static org.assertj.core.api.Assertions.assertThat;

import io.ductus.studio.testing.FakeApi;
import io.ductus.studio.testing.ScriptedDialogs;
import io.ductus.studio.testing.Sessions;
import org.junit.jupiter.api.Test;

class HistoryViewModelTest {

    private final FakeApi api = new FakeApi().anInterface("adt-in", "lab");
    private final ScriptedDialogs dialogs = new ScriptedDialogs();
    private final HistoryViewModel vm = new HistoryViewModel(Sessions.of(api, dialogs));

    @Test
    void revisions_newest_first_with_the_diff_of_the_selected_one_against_the_one_before_or_any_other() {
        api.design.deployed("adt-in", DesignFixtures.files("1"), "bob", "first");
        api.design.deployed("adt-in", DesignFixtures.files("2"), "carol", "second");
        api.design.deployed("adt-in", DesignFixtures.files("3"), "dave", "third");
        vm.load("adt-in");
        assertThat(vm.revisions()).extracting(r -> r.revision() + " " + r.author() + " " + r.message())
                .containsExactly("3 dave third", "2 carol second", "1 bob first");
        assertThat(api.calls).contains("diff adt-in null 3");
        assertThat(vm.patchProperty().get()).isEqualTo("patch null..3");
        vm.comparedWithProperty().set(vm.revisions().getLast());
        assertThat(vm.patchProperty().get()).isEqualTo("patch 1..3");
        assertThat(vm.diff()).hasSize(1);
    }

    @Test
    void rollback_asks_why_and_deploys_the_old_files_as_a_new_revision() {
        api.design.deployed("adt-in", DesignFixtures.files("good"), "bob", "first");
        api.design.deployed("adt-in", DesignFixtures.files("bad"), "carol", "second");
        vm.load("adt-in");
        vm.selectedProperty().set(vm.revisions().getLast());
        boolean[] told = new boolean[1];
        vm.onRolledBack(() -> told[0] = true);
        dialogs.answer("second broke the lab feed");
        vm.rollback();
        assertThat(api.calls).contains("rollback adt-in to 1 because second broke the lab feed");
        assertThat(api.design.revisions.get("adt-in").getLast().files()).containsEntry(DesignFixtures.JS, "good");
        assertThat(vm.revisions()).extracting(r -> r.revision()).containsExactly(3, 2, 1);
        assertThat(told[0]).isTrue();
    }

    @Test
    void a_rollback_not_confirmed_does_nothing() {
        api.design.deployed("adt-in", DesignFixtures.files("good"), "bob", "first");
        vm.load("adt-in");
        vm.rollback(); // no answer: cancelled
        assertThat(api.calls).noneMatch(c -> c.startsWith("rollback"));
    }
}
