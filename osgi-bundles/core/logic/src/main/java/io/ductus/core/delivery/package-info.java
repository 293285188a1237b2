/** What a delivery attempt comes to, from the transform's verdict and the destination's answer: pure rules. */
package io.ductus.core.delivery;
