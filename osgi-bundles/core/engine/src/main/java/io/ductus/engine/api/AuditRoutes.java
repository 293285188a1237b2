package io.ductus.engine.api;

import io.ductus.store.account.AccountStore;
import io.ductus.store.account.AuditQuery;
import java.util.List;

/** The audit log: every change, who made it, how and from where; newest first, paged by id. */
final class AuditRoutes {

    static final int DEFAULT_LIMIT = 50;

    private final AccountStore accounts;

    AuditRoutes(AccountStore accounts) {
        this.accounts = accounts;
    }

    List<Route> routes() {
        return List.of(paged(Route.get("/api/v1/audit", "listAudit", "The audit log, newest first").tag("audit"))
                .handle((r, c) -> ApiResponse.json(200, AccountJson.page(accounts.audit(query(r, null, null))))));
    }

    /** The paging parameters and answer every audit listing shares. */
    static Route.Builder paged(Route.Builder route) {
        return route.query("before", "integer", "only rows with a smaller id: the previous page's next")
                .query("limit", "integer", "rows per page, 1 to " + AuditQuery.MAX_LIMIT + " (default " + DEFAULT_LIMIT + ")")
                .work(Work.READ).returns(200, "AuditPage");
    }

    static AuditQuery query(ApiRequest request, Long userId, Long tokenId) {
        Long before = request.queryLong("before", 1, Long.MAX_VALUE);
        Long limit = request.queryLong("limit", 1, AuditQuery.MAX_LIMIT);
        return new AuditQuery(before, limit == null ? DEFAULT_LIMIT : limit.intValue(), userId, tokenId);
    }
}
