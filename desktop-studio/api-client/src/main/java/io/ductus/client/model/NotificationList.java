package io.ductus.client.model;

import java.util.List;

/** A page of the outbox, newest first; {@code next} is the {@code before} of the next page (null at the end). */
@ApiSchema("NotificationList")
public record NotificationList(List<Notification> notifications, Long next) {

    public NotificationList {
        notifications = notifications == null ? List.of() : List.copyOf(notifications);
    }
}
