package dev.spl.cli.read;

import org.snakeyaml.engine.v2.api.Dump;
import org.snakeyaml.engine.v2.api.DumpSettings;
import org.snakeyaml.engine.v2.common.FlowStyle;

/**
 * Plain values (maps, lists, scalars) written as the YAML spl hands to Helm and kustomize: values
 * files, kustomization options, patches. Block style throughout, so that a multi-line string (a
 * patch, a values text) stays readable in what a tool echoes back in an error.
 */
public final class YamlText {
  private static final DumpSettings BLOCK =
      DumpSettings.builder().setDefaultFlowStyle(FlowStyle.BLOCK).build();

  private YamlText() {}

  static String of(Object plain) {
    return new Dump(BLOCK).dumpToString(plain);
  }
}
