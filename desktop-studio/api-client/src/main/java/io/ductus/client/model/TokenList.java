package io.ductus.client.model;

import java.util.List;

@ApiSchema("TokenList")
public record TokenList(List<Token> tokens) {

    public TokenList {
        tokens = tokens == null ? List.of() : List.copyOf(tokens);
    }
}
