package dev.spl.load;

import org.snakeyaml.engine.v2.api.Load;
import org.snakeyaml.engine.v2.api.LoadSettings;
import org.snakeyaml.engine.v2.exceptions.YamlEngineException;

/**
 * JSON written inside an annotation's string, as controllers keep settings there (the AWS Load
 * Balancer Controller's actions, GKE's backend-config): read with the YAML 1.2 reader, which reads
 * JSON, with no aliases, which JSON has not.
 */
public final class AnnotationJson {
  private static final LoadSettings JSON =
      LoadSettings.builder().setMaxAliasesForCollections(0).build();

  private AnnotationJson() {}

  /** The parsed value (maps, lists, scalars), or null when the text does not parse. */
  public static Object parse(String text) {
    try {
      return new Load(JSON).loadFromString(text);
    } catch (YamlEngineException e) {
      return null; // the controller refuses it too
    }
  }
}
