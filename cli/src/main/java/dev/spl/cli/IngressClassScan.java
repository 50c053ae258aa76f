package dev.spl.cli;

import dev.spl.index.IngressClasses;
import dev.spl.load.ManifestLoader;
import dev.spl.model.KindRole;
import dev.spl.model.Resource;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * The IngressClasses of the input, found before it is linted: which controller serves a class
 * decides which Ingresses ingress-nginx's single-object rules judge, and those run as each file is
 * read. Only files that write "IngressClass" are parsed here; a chart's rendered IngressClass is
 * not among them (charts render after the walk).
 */
final class IngressClassScan {
  private IngressClassScan() {}

  /**
   * The IngressClasses in {@code paths} (files and directories; "-" is passed over), but for the
   * files {@code excluded} leaves out (a .spl.yaml's exclude globs), as the lint does.
   */
  static IngressClasses of(List<Path> paths, java.util.function.Predicate<Path> excluded) {
    ManifestLoader loader = ManifestLoader.lenient();
    List<Resource> found = new ArrayList<>();
    for (Path p : paths) {
      List<Path> files;
      try {
        files = Files.isDirectory(p) ? ManifestLoader.listManifestFiles(p) : List.of(p);
      } catch (IOException | RuntimeException unreadable) {
        continue; // the lint itself reports the directory
      }
      for (Path f : files) {
        if (excluded.test(f)) {
          continue;
        }
        String text;
        try {
          text = Files.isRegularFile(f) ? Files.readString(f, StandardCharsets.UTF_8) : "";
        } catch (IOException | RuntimeException unreadable) {
          continue; // reported when the file is linted
        }
        if (text.contains("IngressClass")) {
          loader.loadText(f.toString(), text).resources().stream()
              .filter(r -> r.role() == KindRole.INGRESS_CLASS)
              .forEach(found::add);
        }
      }
    }
    return IngressClasses.of(found);
  }
}
