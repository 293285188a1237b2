package io.ductus.client;

import io.ductus.client.model.Acknowledge;
import io.ductus.client.model.Alert;
import io.ductus.client.model.AlertDetail;
import io.ductus.client.model.AlertHistory;
import io.ductus.client.model.AlertList;
import io.ductus.client.model.ChannelList;
import io.ductus.client.model.NewSilence;
import io.ductus.client.model.Notification;
import io.ductus.client.model.NotificationList;
import io.ductus.client.model.Silence;
import io.ductus.client.model.SilenceList;
import java.util.Map;

/**
 * The alert operations of a {@link DuctusClient} ({@code client.alerts()}): what is not ok, one alert with its
 * history, acknowledging, the history, the outbox, silences and channels. Same credentials and failures as
 * the client's other calls.
 */
public final class AlertsClient {

    private final DuctusClient client;

    AlertsClient(DuctusClient client) {
        this.client = client;
    }

    /** The alerts that are holding, firing or recovering. */
    public AlertList list() {
        return client.get(Operation.LIST_ALERTS, Operation.LIST_ALERTS.path(), AlertList.class);
    }

    /** One alert with its latest history and notifications. */
    public AlertDetail alert(long id) {
        return client.get(Operation.GET_ALERT, Operation.GET_ALERT.expand(id), AlertDetail.class);
    }

    /** Acknowledges a firing alert: no reminders or escalation until it recovers. */
    public Alert acknowledge(long id, String comment) {
        return client.call(Operation.ACKNOWLEDGE_ALERT, Operation.ACKNOWLEDGE_ALERT.expand(id), new Acknowledge(comment), Alert.class);
    }

    /** What happened to alerts (one alert's with {@code alert}), newest first; {@code before} pages on. */
    public AlertHistory history(Long alert, Long before, int limit) {
        Map<String, Object> query = DuctusClient.paging(before, limit);
        query.put("alert", alert);
        return client.get(Operation.LIST_ALERT_HISTORY, Operation.LIST_ALERT_HISTORY.path() + DuctusClient.queryString(query),
                AlertHistory.class);
    }

    /** The outbox, newest first, of one status (waiting, sent, failed, cancelled) or all (null). */
    public NotificationList notifications(String status, Long before, int limit) {
        Map<String, Object> query = DuctusClient.paging(before, limit);
        query.put("status", status);
        return client.get(Operation.LIST_NOTIFICATIONS, Operation.LIST_NOTIFICATIONS.path() + DuctusClient.queryString(query),
                NotificationList.class);
    }

    /** The silences that have not ended. */
    public SilenceList silences() {
        return client.get(Operation.LIST_SILENCES, Operation.LIST_SILENCES.path(), SilenceList.class);
    }

    public Silence silence(NewSilence request) {
        return client.call(Operation.CREATE_SILENCE, Operation.CREATE_SILENCE.path(), request, Silence.class);
    }

    /** Ends a silence early. */
    public Silence endSilence(long id) {
        return client.call(Operation.END_SILENCE, Operation.END_SILENCE.expand(id), null, Silence.class);
    }

    /** The channels of the engine's ductus.yaml (no webhook URLs: they may be secrets). */
    public ChannelList channels() {
        return client.get(Operation.LIST_CHANNELS, Operation.LIST_CHANNELS.path(), ChannelList.class);
    }

    /** Sends a channel a test notification through the outbox; the row says whether it went. */
    public Notification testChannel(String name) {
        return client.call(Operation.TEST_CHANNEL, Operation.TEST_CHANNEL.expand(name), null, Notification.class);
    }
}
