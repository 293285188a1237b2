package io.ductus.project;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * The project's secrets: {@code secrets/<environment>.json} maps each name to its value encrypted with
 * AES-256-GCM ({@code "dux1:" + base64(nonce + ciphertext)}, the name bound in as associated data so a
 * value cannot be moved to another name). The file can live in the project's repository; the key never
 * does: it comes from {@code DUCTUS_SECRETS_KEY} (base64 of 32 bytes) or the data folder's
 * {@code secrets.key}.
 */
public final class SecretsFile {

    public static final String KEY_VARIABLE = "DUCTUS_SECRETS_KEY";
    public static final String KEY_FILE = "secrets.key";
    public static final String ENVIRONMENT_VARIABLE = "DUCTUS_ENV";
    public static final String DEFAULT_ENVIRONMENT = "production";
    private static final String PREFIX = "dux1:";
    private static final int NONCE_BYTES = 12;
    private static final ObjectMapper JSON = new ObjectMapper();

    private final Path file;
    private final byte[] key;

    private SecretsFile(Path file, byte[] key) {
        this.file = file;
        this.key = key;
    }

    /** The environment whose secrets are used: {@code DUCTUS_ENV}, else production. */
    public static String environment(java.util.function.Function<String, String> variables) {
        return Optional.ofNullable(variables.apply(ENVIRONMENT_VARIABLE)).orElse(DEFAULT_ENVIRONMENT);
    }

    /** The key given by {@code DUCTUS_SECRETS_KEY}, if any (else the data folder's file is used). */
    public static Optional<String> keyFrom(java.util.function.Function<String, String> variables) {
        return Optional.ofNullable(variables.apply(KEY_VARIABLE));
    }

    /** The secrets file of an environment in a project folder. */
    public static Path path(Path projectFolder, String environment) {
        return projectFolder.resolve("secrets").resolve(environment + ".json");
    }

    /**
     * Opens the secrets file with the key from the environment variable, else from the data folder.
     *
     * @throws IllegalStateException saying where a key is looked for, when there is none or it is malformed
     */
    public static SecretsFile open(Path file, Optional<String> keyFromEnvironment, Path dataFolder) {
        String encoded;
        if (keyFromEnvironment.isPresent() && !keyFromEnvironment.get().isBlank()) {
            encoded = keyFromEnvironment.get().strip();
        } else {
            Path keyFile = dataFolder.resolve(KEY_FILE);
            try {
                encoded = Files.readString(keyFile).strip();
            } catch (IOException e) {
                throw new IllegalStateException("no secrets key: set " + KEY_VARIABLE + " or create " + keyFile
                        + " (ductus secret set makes one)");
            }
        }
        byte[] key;
        try {
            key = Base64.getDecoder().decode(encoded);
        } catch (IllegalArgumentException e) {
            throw new IllegalStateException("the secrets key is not base64");
        }
        if (key.length != 32) throw new IllegalStateException("the secrets key must be 32 bytes (base64 of 32 random bytes), it has " + key.length);
        return new SecretsFile(file, key);
    }

    /** Makes a new random key in the data folder, readable by its owner only; fails if one is there. */
    public static Path createKey(Path dataFolder) throws IOException {
        Files.createDirectories(dataFolder);
        Path keyFile = dataFolder.resolve(KEY_FILE);
        byte[] key = new byte[32];
        new SecureRandom().nextBytes(key);
        Path temporary = Files.createTempFile(dataFolder, ".secrets", ".key");
        try {
            Files.setPosixFilePermissions(temporary, PosixFilePermissions.fromString("rw-------"));
        } catch (UnsupportedOperationException e) {
            // not a POSIX file system: the folder's permissions protect it
        }
        Files.writeString(temporary, Base64.getEncoder().encodeToString(key) + "\n");
        Files.move(temporary, keyFile, StandardCopyOption.ATOMIC_MOVE);
        return keyFile;
    }

    /** Every secret, decrypted. @throws IllegalStateException naming the file and the entry that cannot be read */
    public Map<String, String> readAll() {
        Map<String, String> values = new TreeMap<>();
        if (!Files.exists(file)) return values;
        JsonNode root;
        try {
            root = JSON.readTree(file.toFile());
        } catch (IOException e) {
            throw new IllegalStateException(file + ": not a JSON object of name → encrypted value: " + e.getMessage());
        }
        if (root == null || !root.isObject()) throw new IllegalStateException(file + ": not a JSON object of name → encrypted value");
        for (Iterator<Map.Entry<String, JsonNode>> it = root.fields(); it.hasNext(); ) {
            Map.Entry<String, JsonNode> entry = it.next();
            values.put(entry.getKey(), decrypt(entry.getKey(), entry.getValue().asText()));
        }
        return values;
    }

    /** Sets one secret (encrypted), keeping the others; the file is replaced whole, never half-written. */
    public void put(String name, String value) throws IOException {
        ObjectNode root = Files.exists(file) ? (ObjectNode) JSON.readTree(file.toFile()) : JSON.createObjectNode();
        root.put(name, encrypt(name, value));
        Files.createDirectories(file.getParent());
        Path temporary = Files.createTempFile(file.getParent(), "." + file.getFileName(), ".tmp");
        Files.writeString(temporary, JSON.writerWithDefaultPrettyPrinter().writeValueAsString(root) + "\n");
        Files.move(temporary, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
    }

    private String encrypt(String name, String value) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            new SecureRandom().nextBytes(nonce);
            Cipher cipher = cipher(Cipher.ENCRYPT_MODE, nonce, name);
            byte[] sealed = cipher.doFinal(value.getBytes(StandardCharsets.UTF_8));
            return PREFIX + Base64.getEncoder().encodeToString(ByteBuffer.allocate(nonce.length + sealed.length).put(nonce).put(sealed).array());
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("cannot encrypt: " + e.getMessage(), e);
        }
    }

    private String decrypt(String name, String stored) {
        if (!stored.startsWith(PREFIX)) throw new IllegalStateException(file + ": " + name + " is not encrypted (set it with ductus secret set)");
        try {
            byte[] all = Base64.getDecoder().decode(stored.substring(PREFIX.length()));
            if (all.length <= NONCE_BYTES) throw new IllegalStateException(file + ": " + name + " is cut short");
            byte[] nonce = java.util.Arrays.copyOf(all, NONCE_BYTES);
            Cipher cipher = cipher(Cipher.DECRYPT_MODE, nonce, name);
            return new String(cipher.doFinal(all, NONCE_BYTES, all.length - NONCE_BYTES), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException(file + ": " + name + " cannot be decrypted with this key (another environment's key, or the value was changed)");
        }
    }

    private Cipher cipher(int mode, byte[] nonce, String name) throws GeneralSecurityException {
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(mode, new SecretKeySpec(key, "AES"), new GCMParameterSpec(128, nonce));
        cipher.updateAAD(name.getBytes(StandardCharsets.UTF_8));
        return cipher;
    }
}
