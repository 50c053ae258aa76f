package dev.spl.model;

/**
 * A resource that was linted, and where it starts; reports list every one, with findings or not.
 */
public record ResourceLocation(SourcePosition position, ResourceRef resource) {}
