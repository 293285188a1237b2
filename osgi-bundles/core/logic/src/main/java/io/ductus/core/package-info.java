/**
 * The pure core: decisions without IO, threads or clocks. Every function that depends on time takes it
 * as an argument. An architecture test keeps it that way.
 */
package io.ductus.core;
