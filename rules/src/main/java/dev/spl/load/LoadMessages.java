package dev.spl.load;

import dev.spl.model.MessageTemplate;
import java.util.List;

/**
 * What the loader says when a document cannot become an object: the templates of SPL001
 * (unreadable), SPL002 (not an object), SPL004 (a chart not rendered) and SPL006 (not built). They
 * are written here, in the layer that finds the problems, and listed by their rules' classes like
 * any rule's templates; the parser's and Helm's own words fill a slot.
 */
public final class LoadMessages {
  private LoadMessages() {}

  // SPL001: the document cannot be read
  public static final MessageTemplate SYNTAX_ERROR =
      MessageTemplate.of("YAML syntax error: {problem}");
  public static final MessageTemplate UTF_32 =
      MessageTemplate.of(
          "UTF-32 text, which kubectl does not read (it takes the byte-order mark for UTF-16's);"
              + " save the file as UTF-8");
  public static final MessageTemplate INVALID_UTF_8 =
      MessageTemplate.of(
          "invalid UTF-8 byte {byte} at byte offset {offset}; Kubernetes manifests must be UTF-8");
  public static final MessageTemplate TOO_LARGE =
      MessageTemplate.of(
          "document is {size} MiB, over the {limit} MiB limit; no Kubernetes object is that large"
              + " (the API server accepts 3 MiB)");
  public static final MessageTemplate TOO_MANY_VALUES =
      MessageTemplate.of("{what} has more than {limit} values{hint}; refusing to read it");
  public static final MessageTemplate TOO_DEEP =
      MessageTemplate.of("{what} is nested deeper than {limit} levels; refusing to read it");
  public static final MessageTemplate NOT_JSON =
      MessageTemplate.of("object holds a value of type {type}, not JSON");

  // SPL007: a key written twice in one mapping
  public static final MessageTemplate DUPLICATE_KEY =
      MessageTemplate.of(
          "duplicate key \"{key}\" (first at {line}:{column}): kubectl keeps this last value;"
              + " keep one");

  // SPL002: the document is read but is not an object
  public static final MessageTemplate NOT_A_MAPPING =
      MessageTemplate.of(
          "document is {what}, not an object; a manifest is a mapping with apiVersion, kind and"
              + " metadata.name");
  public static final MessageTemplate FIELDS_MISSING =
      MessageTemplate.of("document is not a Kubernetes object: {fields} missing or not a string");

  // SPL004: a chart Helm could not render
  public static final MessageTemplate CHART_NOT_RENDERED =
      MessageTemplate.of("Helm chart {chart} not rendered: {reason}; {fix}");

  // SPL006: what a repository deploys, not built as its tool builds it
  public static final MessageTemplate NOT_BUILT =
      MessageTemplate.of("{unit} not built: {reason}; {fix}");

  /** The templates of one kind of problem, in the order above. */
  public static List<MessageTemplate> of(LoadProblem.Kind kind) {
    return switch (kind) {
      case SYNTAX ->
          List.of(
              SYNTAX_ERROR, UTF_32, INVALID_UTF_8, TOO_LARGE, TOO_MANY_VALUES, TOO_DEEP, NOT_JSON);
      case DUPLICATE_KEY -> List.of(DUPLICATE_KEY);
      case NOT_A_RESOURCE -> List.of(NOT_A_MAPPING, FIELDS_MISSING);
      case NOT_RENDERED -> List.of(CHART_NOT_RENDERED);
      case NOT_BUILT -> List.of(NOT_BUILT);
    };
  }
}
