package dev.spl.cli.read;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.load.SessionWords;
import dev.spl.model.MapNode;
import dev.spl.model.Resource;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Consumer;

/**
 * What a walk leaves to kubeconform and kube-linter: the load problems of objects unrelated to
 * session persistence (a duplicate label in a Deployment, a broken object of a kind spl does not
 * read). A file named on the command line keeps them all; its reader does not call this.
 */
public final class OthersProblems {
  private OthersProblems() {}

  /**
   * {@code part} without the problems of objects unrelated to session persistence. In test data, an
   * object without apiVersion is a test's fragment and is skipped (told to {@code skipped}); in
   * examples and docs it is a copy-paste slip, still SPL002.
   */
  public static LoadedInput without(
      LoadedInput part, boolean testFixture, Consumer<String> skipped) {
    List<LoadProblem> ours = new ArrayList<>();
    for (LoadProblem p : part.problems()) {
      if (p.resource() == null) {
        ours.add(p);
      } else if (testFixture && p.resource().apiVersion().isEmpty()) {
        // a test's input fragment (a merge function's patch), not an object anyone applies
        skipped.accept(
            p.position().file()
                + " ("
                + p.resource().kind()
                + " without apiVersion in test data: a fragment, not an object)");
      } else if (BuiltInRules.isAboutSessions(
              p.resource().apiVersion().isEmpty() ? null : p.resource().group(),
              p.resource().kind())
          && isAboutSessions(p, part.resources())) {
        ours.add(p);
      }
    }
    return ours.size() == part.problems().size()
        ? part
        : new LoadedInput(
            part.resources(),
            ours,
            part.inputErrors(),
            part.files(),
            part.documents(),
            part.skipped());
  }

  /**
   * True unless the problem is in an object that writes nothing about sessions (a duplicate key in
   * a route with no session persistence is no session problem), or at a key of its own {@code
   * metadata.labels} (a label written twice in a golden file: no session rule reads them).
   */
  private static boolean isAboutSessions(LoadProblem p, List<Resource> resources) {
    Resource r = objectOf(p, resources);
    if (r == null) {
      return true;
    }
    MapNode metadata = r.root().map("metadata");
    MapNode labels = metadata == null ? null : metadata.map("labels");
    boolean inLabels =
        labels != null
            && labels.entries().stream().anyMatch(e -> e.keyPosition().equals(p.position()));
    return !inLabels && SessionWords.writtenIn(r.root());
  }

  /** The object of {@code resources} a problem was met in, or null (a document that is none). */
  private static Resource objectOf(LoadProblem p, List<Resource> resources) {
    for (Resource r : resources) {
      if (r.ref().equals(p.resource())) {
        return r;
      }
    }
    return null;
  }
}
