/**
 * Alerts, pure: which rule applies to what is observed, the state machine of one alert (hold, fire,
 * escalate, remind, settle, recover, acknowledge), and when a notification is due (groups, quiet hours).
 * The runtime observes, asks these functions, and writes what they return.
 */
package io.ductus.core.alert;
