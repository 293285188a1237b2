package io.ductus.connector.listener.tls;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.cert.CertificateFactory;
import java.security.cert.X509Certificate;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.Base64;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * PEM as the engine reads it: certificates (the JDK's X.509 factory) and an unencrypted private key, PKCS#8
 * ({@code BEGIN PRIVATE KEY}: RSA, EC, Ed25519), PKCS#1 RSA ({@code BEGIN RSA PRIVATE KEY}) or SEC1 EC
 * ({@code BEGIN EC PRIVATE KEY}, as openssl ecparam writes it), the last two wrapped into PKCS#8 here.
 * Errors say what was found and what to do, never the key's bytes.
 */
final class Pem {

    private static final Pattern BLOCK = Pattern.compile("-----BEGIN ([A-Z0-9 ]+)-----([^-]*)-----END \\1-----");
    /** AlgorithmIdentifier of rsaEncryption (1.2.840.113549.1.1.1) with NULL parameters, DER. */
    private static final byte[] RSA_ALGORITHM = {0x30, 0x0d, 0x06, 0x09, 0x2a, (byte) 0x86, 0x48, (byte) 0x86, (byte) 0xf7, 0x0d,
            0x01, 0x01, 0x01, 0x05, 0x00};

    private Pem() {
    }

    /** Every certificate in the text, in order. */
    static List<X509Certificate> certificates(byte[] pem) {
        try {
            List<X509Certificate> found = CertificateFactory.getInstance("X.509").generateCertificates(new ByteArrayInputStream(pem))
                    .stream().map(X509Certificate.class::cast).toList();
            if (found.isEmpty()) throw new IllegalArgumentException("no certificate in it (expected -----BEGIN CERTIFICATE-----)");
            return found;
        } catch (GeneralSecurityException e) {
            throw new IllegalArgumentException("not a readable PEM certificate: " + e.getMessage(), e);
        }
    }

    /** The one private key in the text. */
    static PrivateKey privateKey(byte[] pem) {
        Matcher block = BLOCK.matcher(new String(pem, StandardCharsets.US_ASCII));
        while (block.find()) {
            String type = block.group(1);
            byte[] der;
            try {
                der = Base64.getMimeDecoder().decode(block.group(2).strip());
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("the " + type + " block is not base64");
            }
            switch (type) {
                case "PRIVATE KEY":
                    return pkcs8(der);
                case "RSA PRIVATE KEY":
                    return pkcs8(wrapRsa(der));
                case "EC PRIVATE KEY":
                    return pkcs8(wrapEc(der));
                case "ENCRYPTED PRIVATE KEY":
                    throw new IllegalArgumentException("an encrypted key; keep it as a secret (key: ${secret:NAME}) unencrypted"
                            + " instead: openssl pkcs8 -topk8 -nocrypt -in KEY");
                default:
                    // a certificate or parameters beside the key: skipped
            }
        }
        throw new IllegalArgumentException("no private key in it (expected -----BEGIN PRIVATE KEY-----)");
    }

    private static PrivateKey pkcs8(byte[] der) {
        PKCS8EncodedKeySpec spec = new PKCS8EncodedKeySpec(der);
        for (String algorithm : List.of("RSA", "EC", "Ed25519", "Ed448", "RSASSA-PSS")) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(spec);
            } catch (GeneralSecurityException e) {
                // the next algorithm
            }
        }
        throw new IllegalArgumentException("a private key of a kind that cannot be read (RSA, EC and Ed25519 can)");
    }

    /** PKCS#1 RSAPrivateKey into PKCS#8: SEQUENCE { INTEGER 0, rsaEncryption, OCTET STRING pkcs1 }. */
    private static byte[] wrapRsa(byte[] pkcs1) {
        return wrap(RSA_ALGORITHM, pkcs1);
    }

    /** SEC1 ECPrivateKey into PKCS#8: its curve (the [0] parameters) becomes the algorithm's parameter. */
    private static byte[] wrapEc(byte[] sec1) {
        // SEQUENCE { INTEGER 1, OCTET STRING key, [0] { OID curve }, [1] public key }
        int[] outer = header(sec1, 0);
        int at = outer[0];
        int end = at + outer[1];
        byte[] curve = null;
        while (at < end) {
            int tag = sec1[at] & 0xff;
            int[] h = header(sec1, at);
            if (tag == 0xa0) {
                int[] oid = header(sec1, h[0]);
                curve = java.util.Arrays.copyOfRange(sec1, h[0], oid[0] + oid[1]);
            }
            at = h[0] + h[1];
        }
        if (curve == null) {
            throw new IllegalArgumentException("an EC key without its curve; convert it with openssl pkcs8 -topk8 -nocrypt -in KEY");
        }
        byte[] ecPublicKey = {0x06, 0x07, 0x2a, (byte) 0x86, 0x48, (byte) 0xce, 0x3d, 0x02, 0x01};
        ByteArrayOutputStream algorithm = new ByteArrayOutputStream();
        algorithm.write(0x30);
        algorithm.writeBytes(length(ecPublicKey.length + curve.length));
        algorithm.writeBytes(ecPublicKey);
        algorithm.writeBytes(curve);
        return wrap(algorithm.toByteArray(), sec1);
    }

    /** A DER element's header at {@code at}: where its content starts and how long it is. */
    private static int[] header(byte[] der, int at) {
        if (at + 1 >= der.length) throw new IllegalArgumentException("a key that is cut short");
        int first = der[at + 1] & 0xff;
        if (first < 0x80) return new int[] {at + 2, first};
        int bytes = first & 0x7f;
        int n = 0;
        for (int i = 0; i < bytes; i++) n = (n << 8) | (der[at + 2 + i] & 0xff);
        if (bytes > 3 || at + 2 + bytes + n > der.length) throw new IllegalArgumentException("a key that is cut short");
        return new int[] {at + 2 + bytes, n};
    }

    private static byte[] wrap(byte[] algorithm, byte[] key) {
        ByteArrayOutputStream body = new ByteArrayOutputStream();
        body.writeBytes(new byte[] {0x02, 0x01, 0x00});
        body.writeBytes(algorithm);
        body.write(0x04);
        body.writeBytes(length(key.length));
        body.writeBytes(key);
        ByteArrayOutputStream all = new ByteArrayOutputStream();
        all.write(0x30);
        all.writeBytes(length(body.size()));
        all.writeBytes(body.toByteArray());
        return all.toByteArray();
    }

    private static byte[] length(int n) {
        if (n < 0x80) return new byte[] {(byte) n};
        if (n < 0x100) return new byte[] {(byte) 0x81, (byte) n};
        if (n < 0x10000) return new byte[] {(byte) 0x82, (byte) (n >> 8), (byte) n};
        return new byte[] {(byte) 0x83, (byte) (n >> 16), (byte) (n >> 8), (byte) n};
    }
}
