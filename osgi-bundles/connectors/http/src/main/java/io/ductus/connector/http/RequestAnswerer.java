package io.ductus.connector.http;

import java.util.concurrent.CompletionStage;

/** How a listener answers a request that passed its checks: by storing it (queue mode) or by the code (respond mode). */
interface RequestAnswerer {

    /** The answer, once it is known; never completes exceptionally (failures are answers too, such as 503). */
    CompletionStage<Answer> answer(ReceivedRequest request, HttpListener listener);

    /** Whether a request without a body is refused (400) before it gets here. */
    boolean needsBody();
}
