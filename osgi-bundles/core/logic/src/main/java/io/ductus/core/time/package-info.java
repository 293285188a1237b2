/**
 * Local-time calendar math for expectations and quiet hours: windows of hours on some days, daily, weekly
 * and cron deadlines. Pure: every function takes the moment and the time zone as arguments.
 */
package io.ductus.core.time;
