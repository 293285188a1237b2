package io.ductus.studio.testing;

import io.ductus.studio.ui.DialogService;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.Optional;

/** Dialogs answered by the test: each question is recorded; answers come from a queue (confirm: yes by default). */
public final class ScriptedDialogs implements DialogService {

    public final List<String> asked = new ArrayList<>();
    public final Deque<Object> answers = new ArrayDeque<>();
    public String secretShown;

    public ScriptedDialogs answer(Object a) {
        answers.add(a);
        return this;
    }

    @Override
    public boolean confirm(String title, String text, String confirmLabel) {
        asked.add(title + ": " + text);
        Object a = answers.poll();
        return a == null || Boolean.TRUE.equals(a);
    }

    @Override
    public Optional<String> askText(String title, String text, String prompt) {
        asked.add(title + ": " + text);
        Object a = answers.poll();
        return a instanceof String s && !s.isBlank() ? Optional.of(s) : Optional.empty();
    }

    @Override
    public Optional<Path> saveFile(String title, String suggestedName) {
        asked.add(title);
        Object a = answers.poll();
        return a instanceof Path p ? Optional.of(p) : Optional.empty();
    }

    @Override
    public Optional<Path> openFile(String title) {
        asked.add(title);
        Object a = answers.poll();
        return a instanceof Path p ? Optional.of(p) : Optional.empty();
    }

    @Override
    public void showSecret(String title, String text, String secret) {
        asked.add(title);
        secretShown = secret;
    }

    @Override
    public void showError(String title, String text) {
        asked.add(title + ": " + text);
    }
}
