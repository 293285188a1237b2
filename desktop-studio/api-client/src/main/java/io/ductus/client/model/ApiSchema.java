package io.ductus.client.model;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * The component schema of the engine's OpenAPI document that a record reads or writes. ClientContractTest
 * checks every component of the record against that schema, so a field the engine no longer has fails the
 * build instead of reading as null at run time.
 */
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface ApiSchema {
    String value();
}
