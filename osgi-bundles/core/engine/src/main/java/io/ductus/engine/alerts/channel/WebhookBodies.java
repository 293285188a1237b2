package io.ductus.engine.alerts.channel;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.ductus.core.alert.Channel;
import io.ductus.store.alert.NotificationRecord;
import java.time.Instant;
import java.util.List;

/**
 * What a webhook gets, per format: Ductus's own JSON document (every field of every notice), a Slack
 * incoming webhook's message (text and blocks), or a Teams workflow's message with an Adaptive Card.
 */
final class WebhookBodies {

    private static final ObjectMapper JSON = new ObjectMapper();

    private WebhookBodies() {
    }

    static String of(Channel.Format format, List<NotificationRecord> notices, NoticeText text) {
        ObjectNode body = switch (format) {
            case JSON -> json(notices, text);
            case SLACK -> slack(notices, text);
            case TEAMS -> teams(notices, text);
        };
        return body.toString();
    }

    private static ObjectNode json(List<NotificationRecord> notices, NoticeText text) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("source", "ductus");
        doc.put("origin", text.origin());
        doc.put("summary", text.subject(notices));
        ArrayNode all = doc.putArray("notices");
        for (NotificationRecord n : notices) {
            ObjectNode o = all.addObject();
            o.put("id", n.id());
            o.put("kind", n.kind());
            if (n.alertId() == null) o.putNull("alertId");
            else o.put("alertId", n.alertId());
            o.put("episode", n.episode());
            o.put("target", n.target());
            o.put("severity", n.severity());
            o.put("state", n.state());
            o.put("reason", n.reason());
            o.put("createdAt", Instant.ofEpochMilli(n.createdAt()).toString());
            o.put("text", text.line(n));
        }
        return doc;
    }

    private static ObjectNode slack(List<NotificationRecord> notices, NoticeText text) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("text", text.subject(notices));
        ArrayNode blocks = doc.putArray("blocks");
        ObjectNode header = blocks.addObject().put("type", "header");
        header.putObject("text").put("type", "plain_text").put("text", truncate(text.subject(notices), 150));
        for (NotificationRecord n : notices) {
            ObjectNode section = blocks.addObject().put("type", "section");
            section.putObject("text").put("type", "mrkdwn").put("text", truncate("*" + escape(NoticeText.headline(n)) + "*"
                    + (n.reason() == null ? "" : "\n" + escape(n.reason())), 3000));
        }
        blocks.addObject().put("type", "context").putArray("elements").addObject().put("type", "mrkdwn")
                .put("text", escape("From " + text.origin()));
        return doc;
    }

    private static ObjectNode teams(List<NotificationRecord> notices, NoticeText text) {
        ObjectNode doc = JSON.createObjectNode();
        doc.put("type", "message");
        ObjectNode attachment = doc.putArray("attachments").addObject();
        attachment.put("contentType", "application/vnd.microsoft.card.adaptive");
        attachment.putNull("contentUrl");
        ObjectNode card = attachment.putObject("content");
        card.put("$schema", "http://adaptivecards.io/schemas/adaptive-card.json");
        card.put("type", "AdaptiveCard");
        card.put("version", "1.4");
        ArrayNode body = card.putArray("body");
        body.addObject().put("type", "TextBlock").put("text", text.subject(notices)).put("weight", "Bolder").put("size", "Medium")
                .put("wrap", true);
        for (NotificationRecord n : notices) {
            body.addObject().put("type", "TextBlock").put("text", NoticeText.headline(n)).put("weight", "Bolder").put("wrap", true)
                    .put("color", n.kind().equals("recovered") || n.kind().equals("test") ? "Good"
                            : n.severity().equals("critical") ? "Attention" : "Warning");
            if (n.reason() != null) body.addObject().put("type", "TextBlock").put("text", n.reason()).put("wrap", true).put("spacing", "None");
        }
        body.addObject().put("type", "TextBlock").put("text", "From " + text.origin()).put("isSubtle", true).put("size", "Small")
                .put("wrap", true);
        return doc;
    }

    /** Slack's mrkdwn needs &amp;, &lt; and &gt; escaped. */
    private static String escape(String s) {
        return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;");
    }

    private static String truncate(String s, int max) {
        return s.length() <= max ? s : s.substring(0, max - 1) + "…";
    }
}
