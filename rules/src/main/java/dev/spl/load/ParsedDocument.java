package dev.spl.load;

import dev.spl.model.Node;
import java.util.List;

/**
 * One YAML document of a stream: its tree (null when it could not be parsed or was empty) and the
 * problems met while reading it.
 */
public record ParsedDocument(Node root, List<LoadProblem> problems) {}
