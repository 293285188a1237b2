package io.ductus.engine.alerts.channel;

import io.ductus.core.alert.Channel;
import io.ductus.store.alert.NotificationRecord;
import java.util.List;

/** Sends the notices due for one channel as one message; throws with a reason an operator can act on when it cannot. */
public interface ChannelSender {

    void send(Channel channel, List<NotificationRecord> notices) throws Exception;
}
