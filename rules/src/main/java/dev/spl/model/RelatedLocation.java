package dev.spl.model;

/** Another object a cross-resource finding involves, with where it is. */
public record RelatedLocation(SourcePosition position, ResourceRef resource) {}
