package io.ductus.studio.testing;

import io.ductus.studio.server.Navigator;
import java.util.ArrayList;
import java.util.List;

/** Remembers where a screen asked to go. */
public final class RecordingNavigator implements Navigator {

    public final List<String> went = new ArrayList<>();

    @Override
    public void showMessages(String interfaceName, String status) {
        went.add("messages " + interfaceName + " " + status);
    }

    @Override
    public void showMessage(long id) {
        went.add("message " + id);
    }

    @Override
    public void trySample(long id, String interfaceName) {
        went.add("try " + id + " in " + interfaceName);
    }

    @Override
    public void compare(long left, long right) {
        went.add("compare " + left + " " + right);
    }
}
