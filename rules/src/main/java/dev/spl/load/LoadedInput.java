package dev.spl.load;

import dev.spl.model.Resource;
import java.util.List;

/**
 * Everything read from the inputs.
 *
 * @param resources the Kubernetes objects, {@code List} items expanded
 * @param problems documents that could not become objects (SPL001, SPL002), charts that did not
 *     render (SPL004)
 * @param inputErrors paths that could not be read or hold no manifest, as messages for the user
 * @param files how many files were read
 * @param documents how many YAML documents they held
 * @param skipped in a directory walk, the files (or some of their documents) left out as no objects
 *     a cluster would run, each with its reason ({@link NonManifests})
 */
public record LoadedInput(
    List<Resource> resources,
    List<LoadProblem> problems,
    List<String> inputErrors,
    int files,
    int documents,
    List<String> skipped) {

  public LoadedInput(
      List<Resource> resources,
      List<LoadProblem> problems,
      List<String> inputErrors,
      int files,
      int documents) {
    this(resources, problems, inputErrors, files, documents, List.of());
  }
}
