package io.ductus.studio.connect;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.ductus.client.DuctusClient;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What the studio keeps on disk, in one JSON file ({@code studio.json} in the studio's folder): saved server
 * profiles (URL, user name, sign-in kind — never a password or token), the last server, the theme, the font
 * size, and each server window's place and open screen. Written whole to a temporary file and moved over the
 * old one, so a crash never leaves half a file; one that cannot be read is set aside and the studio starts
 * with nothing saved, saying so.
 */
public final class StudioSettings {

    /** Where and how large a server window was, and which screen it showed. */
    public record WindowPlace(double x, double y, double width, double height, boolean maximized, String screen) {
    }

    /** The file's contents. */
    public record Saved(List<ServerProfile> profiles, String lastProfile, String theme, double fontSize, Map<String, WindowPlace> windows) {
        public Saved {
            profiles = profiles == null ? List.of() : List.copyOf(profiles);
            windows = windows == null ? Map.of() : Map.copyOf(windows);
            theme = theme == null ? "light" : theme;
            fontSize = fontSize <= 0 ? 13 : fontSize;
        }

        static Saved empty() {
            return new Saved(List.of(), null, "light", 13, Map.of());
        }
    }

    private static final ObjectMapper JSON = DuctusClient.JSON.copy().enable(SerializationFeature.INDENT_OUTPUT);

    private final Path file;
    private Saved saved;
    private String problem;

    public StudioSettings(Path folder) {
        this.file = folder.resolve("studio.json");
        this.saved = read();
    }

    /** The studio's folder: -Dductus.studio.home, else $XDG_CONFIG_HOME/ductus-studio, else ~/.config/ductus-studio. */
    public static Path defaultFolder() {
        String home = System.getProperty("ductus.studio.home");
        if (home != null && !home.isBlank()) return Path.of(home);
        String xdg = System.getenv("XDG_CONFIG_HOME");
        Path config = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".config");
        return config.resolve("ductus-studio");
    }

    private Saved read() {
        if (!Files.exists(file)) return Saved.empty();
        try {
            return JSON.readValue(file.toFile(), Saved.class);
        } catch (IOException e) {
            Path aside = file.resolveSibling("studio.json.unreadable");
            try {
                Files.move(file, aside, StandardCopyOption.REPLACE_EXISTING);
            } catch (IOException ignored) {
                // it stays where it is and is written over at the next save
            }
            problem = file + " could not be read (" + e.getMessage() + "); it was set aside as " + aside.getFileName()
                    + " and nothing saved is used.";
            return Saved.empty();
        }
    }

    /** Why the saved settings were not used, or null. */
    public String problem() {
        return problem;
    }

    public synchronized Saved saved() {
        return saved;
    }

    public synchronized void profile(ServerProfile profile) {
        List<ServerProfile> profiles = new ArrayList<>(saved.profiles());
        profiles.removeIf(p -> p.name().equals(profile.name()));
        profiles.addFirst(profile);
        saved = new Saved(profiles, profile.name(), saved.theme(), saved.fontSize(), saved.windows());
        write();
    }

    public synchronized void forget(String profileName) {
        List<ServerProfile> profiles = new ArrayList<>(saved.profiles());
        profiles.removeIf(p -> p.name().equals(profileName));
        Map<String, WindowPlace> windows = new LinkedHashMap<>(saved.windows());
        windows.remove(profileName);
        saved = new Saved(profiles, profileName.equals(saved.lastProfile()) ? null : saved.lastProfile(), saved.theme(), saved.fontSize(),
                windows);
        write();
    }

    public synchronized void window(String profileName, WindowPlace place) {
        Map<String, WindowPlace> windows = new LinkedHashMap<>(saved.windows());
        windows.put(profileName, place);
        saved = new Saved(saved.profiles(), saved.lastProfile(), saved.theme(), saved.fontSize(), windows);
        write();
    }

    public synchronized void look(String theme, double fontSize) {
        saved = new Saved(saved.profiles(), saved.lastProfile(), theme, fontSize, saved.windows());
        write();
    }

    private void write() {
        try {
            Files.createDirectories(file.getParent());
            Path tmp = file.resolveSibling("studio.json.tmp");
            JSON.writeValue(tmp.toFile(), saved);
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (IOException e) {
            problem = "Could not save " + file + ": " + e.getMessage();
        }
    }
}
