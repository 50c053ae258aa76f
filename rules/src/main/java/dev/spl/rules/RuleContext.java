package dev.spl.rules;

import dev.spl.schema.GatewayApiVersion;

/** What a rule may know beyond the resource: the target Gateway API version. */
public record RuleContext(GatewayApiVersion version) {}
