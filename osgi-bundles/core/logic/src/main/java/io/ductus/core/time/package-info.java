/**
 * Local-time calendar math for expectations and quiet hours: windows of hours on some days, daily, weekly
 * and cron deadlines; and moments as people write them (a date, or an instant). Pure: every function takes
 * the moment and the time zone as arguments, none reads the clock.
 */
package io.ductus.core.time;
