package io.ductus.engine.alerts.channel;

import io.ductus.connector.listener.tls.Certificates;
import io.ductus.connector.listener.tls.ClientTls;
import io.ductus.core.alert.AlertSettings.SmtpServer;
import io.ductus.core.alert.Channel;
import io.ductus.store.alert.NotificationRecord;
import jakarta.mail.Address;
import jakarta.mail.MessagingException;
import jakarta.mail.Session;
import jakarta.mail.Transport;
import jakarta.mail.internet.AddressException;
import jakarta.mail.internet.InternetAddress;
import jakarta.mail.internet.MimeMessage;
import java.time.Clock;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.UnaryOperator;

/**
 * Mails a channel's notices as one message through the alerts' SMTP server, with Jakarta Mail (Eclipse
 * Angus): STARTTLS (required), TLS from the first byte, or plain; AUTH when a user is set. Angus finds its
 * providers through this bundle's class loader, which is made the thread's context loader while it works.
 */
public final class EmailSender implements ChannelSender {

    static final int CONNECT_TIMEOUT_MS = 10_000;
    static final int TIMEOUT_MS = 30_000;

    private final SmtpServer smtp;
    private final NoticeText text;
    private final UnaryOperator<String> secrets;
    private final Clock clock;
    /** A named CA or client pair: the TLS sockets are made with it (renewals apply to the next mail). */
    private final Optional<ClientTls> tls;

    /** @param secrets puts the value in for the {@code ${secret:NAME}} of the password */
    public EmailSender(SmtpServer smtp, NoticeText text, UnaryOperator<String> secrets, Clock clock) {
        this(smtp, text, secrets, clock, new Certificates());
    }

    /**
     * @param certificates resources.yaml's certificates, which the server's {@code tls_ca} and {@code tls_certificate} name
     * @throws IllegalArgumentException naming the setting when resources.yaml has no such certificate
     */
    public EmailSender(SmtpServer smtp, NoticeText text, UnaryOperator<String> secrets, Clock clock, Certificates certificates) {
        this.smtp = smtp;
        this.text = text;
        this.secrets = secrets;
        this.clock = clock;
        this.tls = smtp.tlsCa() == null && smtp.tlsCertificate() == null ? Optional.empty()
                : Optional.of(certificates.client(Optional.ofNullable(smtp.tlsCa()), Optional.ofNullable(smtp.tlsCertificate())));
    }

    @Override
    public void send(Channel channel, List<NotificationRecord> notices) throws MessagingException {
        Thread thread = Thread.currentThread();
        ClassLoader before = thread.getContextClassLoader();
        thread.setContextClassLoader(EmailSender.class.getClassLoader());
        try {
            Session session = Session.getInstance(properties());
            MimeMessage message = new MimeMessage(session);
            message.setFrom(new InternetAddress(smtp.from()));
            message.setRecipients(MimeMessage.RecipientType.TO, addresses(channel.to()));
            message.setSubject(text.subject(notices), "UTF-8");
            message.setText(text.body(notices), "UTF-8");
            message.setSentDate(Date.from(clock.instant()));
            message.setHeader("Auto-Submitted", "auto-generated");
            if (smtp.user() == null) {
                Transport.send(message);
            } else {
                Transport.send(message, smtp.user(), smtp.password() == null ? "" : secrets.apply(smtp.password()));
            }
        } catch (MessagingException e) {
            throw new MessagingException("mail through " + smtp.host() + ":" + smtp.port() + " failed: "
                    + ClientTls.refusal(e).map(why -> "TLS handshake failed: " + why).orElseGet(() -> describe(e)), e);
        } finally {
            thread.setContextClassLoader(before);
        }
    }

    private Properties properties() {
        Properties p = new Properties();
        p.put("mail.smtp.host", smtp.host());
        p.put("mail.smtp.port", Integer.toString(smtp.port()));
        p.put("mail.smtp.connectiontimeout", Integer.toString(CONNECT_TIMEOUT_MS));
        p.put("mail.smtp.timeout", Integer.toString(TIMEOUT_MS));
        p.put("mail.smtp.writetimeout", Integer.toString(TIMEOUT_MS));
        p.put("mail.smtp.auth", Boolean.toString(smtp.user() != null));
        switch (smtp.security()) {
            case "starttls" -> {
                p.put("mail.smtp.starttls.enable", "true");
                p.put("mail.smtp.starttls.required", "true");
                p.put("mail.smtp.ssl.checkserveridentity", "true");
            }
            case "tls" -> {
                p.put("mail.smtp.ssl.enable", "true");
                p.put("mail.smtp.ssl.checkserveridentity", "true");
            }
            default -> { }
        }
        // Used for TLS from the first byte and for STARTTLS alike; TLS 1.2/1.3 only, as everywhere else.
        tls.ifPresent(t -> {
            p.put("mail.smtp.ssl.socketFactory", t.context().getSocketFactory());
            p.put("mail.smtp.ssl.protocols", "TLSv1.3 TLSv1.2");
        });
        return p;
    }

    private static Address[] addresses(List<String> to) throws AddressException {
        Address[] all = new Address[to.size()];
        for (int i = 0; i < to.size(); i++) all[i] = new InternetAddress(to.get(i), true);
        return all;
    }

    /** The innermost cause's message: Jakarta Mail wraps the socket's reason several times. */
    private static String describe(Throwable e) {
        Throwable inner = e;
        while (inner.getCause() != null && inner.getCause() != inner) inner = inner.getCause();
        String top = e.getMessage() == null ? e.getClass().getSimpleName() : e.getMessage();
        String deepest = inner.getMessage() == null ? inner.getClass().getSimpleName() : inner.getMessage();
        return inner == e || top.contains(deepest) ? top : top + ": " + deepest;
    }
}
