package dev.spl.load;

import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.ScalarNode;
import dev.spl.model.SourcePosition;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.CharBuffer;
import java.nio.charset.CharsetDecoder;
import java.nio.charset.CoderResult;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;
import java.util.function.Predicate;
import java.util.function.Supplier;

/**
 * Reads manifests from files, directories (recursively: *.yaml, *.yml, *.json) and standard input
 * ({@code -}). The caller supplies standard input, so the engine never touches the terminal.
 */
public final class ManifestLoader {
  public static final String STDIN_NAME = "<stdin>";

  private final YamlStreamReader reader;
  private final LoadLimits limits;
  private final boolean lenient;

  /**
   * @param lenient when true, documents that are not Kubernetes objects at all (no apiVersion and
   *     no kind, or not a mapping: CI configs, values files) are skipped rather than reported as
   *     SPL002, and a path without manifests is not an input error. For linting a whole repository.
   */
  public ManifestLoader(LoadLimits limits, boolean lenient) {
    this.reader = new YamlStreamReader(limits);
    this.limits = limits;
    this.lenient = lenient;
  }

  public ManifestLoader() {
    this(LoadLimits.defaults(), false);
  }

  /** A loader that skips YAML which is not Kubernetes manifests; see the constructor. */
  public static ManifestLoader lenient() {
    return new ManifestLoader(LoadLimits.defaults(), true);
  }

  /** Loads every path; a path that cannot be read is an input error, and the others still load. */
  public LoadedInput load(List<String> paths, Supplier<InputStream> stdin) {
    return load(paths, stdin, file -> false);
  }

  /** As {@link #load(List, Supplier)}, skipping files that {@code excluded} accepts. */
  public LoadedInput load(
      List<String> paths, Supplier<InputStream> stdin, Predicate<Path> excluded) {
    return load(paths, stdin, excluded, null);
  }

  /**
   * Streams the inputs: each file's resources and problems go to {@code perFile} as soon as it is
   * read, so that nothing needs to hold every document at once. The result carries the totals and
   * input errors only. A null {@code perFile} keeps everything in the result instead.
   */
  public LoadedInput load(
      List<String> paths,
      Supplier<InputStream> stdin,
      Predicate<Path> excluded,
      Consumer<LoadedInput> perFile) {
    Accumulator acc = new Accumulator(perFile);
    for (String path : paths) {
      if (path.equals("-")) {
        try (InputStream in = stdin.get()) {
          acc.readText(STDIN_NAME, in.readAllBytes(), true);
        } catch (IOException e) {
          acc.inputErrors.add("cannot read standard input: " + e.getMessage());
        }
        continue;
      }
      Path p = Path.of(path);
      if (Files.isDirectory(p)) {
        List<Path> files = manifestFiles(p, acc).stream().filter(f -> !excluded.test(f)).toList();
        int before = acc.found();
        for (Path f : files) {
          acc.readFile(f, f.normalize().toString(), false);
        }
        if (lenient) {
          continue;
        } else if (files.isEmpty()) {
          acc.inputErrors.add(path + ": no *.yaml, *.yml or *.json file in this directory");
        } else if (acc.found() == before) {
          acc.inputErrors.add(path + ": holds no manifest");
        }
      } else if (Files.isRegularFile(p)) {
        if (!excluded.test(p)) {
          acc.readFile(p, path, true);
        }
      } else if (Files.exists(p)) {
        acc.inputErrors.add(path + ": not a regular file or directory");
      } else {
        acc.inputErrors.add(path + ": no such file or directory");
      }
    }
    return new LoadedInput(
        acc.resources, acc.problems, acc.inputErrors, acc.files, acc.documents, acc.skipped);
  }

  /**
   * Reads one file. Named by the user ({@code explicit}), a file that is no manifest is an input
   * error; found in a directory walk, it is simply empty.
   */
  public LoadedInput loadFile(Path file, String name, boolean explicit) {
    Accumulator acc = new Accumulator(null);
    acc.readFile(file, name, explicit);
    return new LoadedInput(
        acc.resources, acc.problems, acc.inputErrors, acc.files, acc.documents, acc.skipped);
  }

  /** Parses one text, as if read from a file named {@code name}. */
  public LoadedInput loadText(String name, String text) {
    Accumulator acc = new Accumulator(null);
    acc.parse(name, text, true);
    return new LoadedInput(
        acc.resources, acc.problems, acc.inputErrors, acc.files, acc.documents, acc.skipped);
  }

  /**
   * Takes one object already decoded into plain values (maps, lists, strings, numbers, booleans and
   * nulls, as a JSON library returns them), as if read from a file named {@code name}: an admission
   * request's object needs no text round trip. Its positions are line 0 of {@code name}: a name for
   * the object, not a place in a file.
   */
  public LoadedInput loadTree(String name, Object object) {
    Accumulator acc = new Accumulator(null);
    acc.files++;
    ParsedDocument doc = new PlainTree(name, limits).convert(object);
    acc.problems.addAll(doc.problems());
    acc.documents++;
    if (doc.root() != null) {
      ResourceExtractor.extract(
          doc.root(), acc.resources, acc.problems, lenient ? acc.skipped : null);
    }
    return new LoadedInput(
        acc.resources, acc.problems, acc.inputErrors, acc.files, acc.documents, acc.skipped);
  }

  private static List<Path> manifestFiles(Path dir, Accumulator acc) {
    try {
      return listManifestFiles(dir);
    } catch (IOException | UncheckedIOException e) {
      acc.inputErrors.add(dir + ": cannot list directory: " + e.getMessage());
      return List.of();
    }
  }

  /**
   * The *.yaml, *.yml and *.json files under {@code dir}, sorted, leaving out hidden files and
   * folders (.git, .github, tool configs).
   */
  public static List<Path> listManifestFiles(Path dir) throws IOException {
    return listManifestFiles(dir, (path, directory) -> false);
  }

  /**
   * As {@link #listManifestFiles(Path)}, leaving out what {@code leftOut} says (a path, and whether
   * it is a directory): a directory left out is not descended into (a build's {@code target/},
   * {@code node_modules/}).
   */
  public static List<Path> listManifestFiles(
      Path dir, java.util.function.BiPredicate<Path, Boolean> leftOut) throws IOException {
    List<Path> out = new ArrayList<>();
    Files.walkFileTree(
        dir,
        java.util.EnumSet.noneOf(java.nio.file.FileVisitOption.class), // as Files.walk: links to
        // directories are not followed, links to files are read
        Integer.MAX_VALUE,
        new java.nio.file.SimpleFileVisitor<>() {
          @Override
          public java.nio.file.FileVisitResult preVisitDirectory(
              Path d, java.nio.file.attribute.BasicFileAttributes attrs) {
            return !d.equals(dir) && (isHidden(dir, d) || leftOut.test(d, true))
                ? java.nio.file.FileVisitResult.SKIP_SUBTREE
                : java.nio.file.FileVisitResult.CONTINUE;
          }

          @Override
          public java.nio.file.FileVisitResult visitFile(
              Path f, java.nio.file.attribute.BasicFileAttributes attrs) {
            if (Files.isRegularFile(f)
                && !isHidden(dir, f)
                && isManifestName(f)
                && !leftOut.test(f, false)) {
              out.add(f);
            }
            return java.nio.file.FileVisitResult.CONTINUE;
          }
        });
    out.sort(null);
    return out;
  }

  private static boolean isHidden(Path root, Path file) {
    for (Path part : root.relativize(file)) {
      if (part.toString().startsWith(".")) {
        return true;
      }
    }
    return false;
  }

  static boolean isManifestName(Path file) {
    String name = file.getFileName().toString();
    return name.endsWith(".yaml") || name.endsWith(".yml") || name.endsWith(".json");
  }

  private final class Accumulator {
    final Consumer<LoadedInput> sink;
    List<Resource> resources = new ArrayList<>();
    List<LoadProblem> problems = new ArrayList<>();
    List<String> skipped = new ArrayList<>();
    final List<String> inputErrors = new ArrayList<>();
    int files;
    int documents;
    int handedOver; // resources and problems already given to the sink

    Accumulator(Consumer<LoadedInput> sink) {
      this.sink = sink;
    }

    int found() {
      return handedOver + resources.size() + problems.size();
    }

    void flush(int documentsInFile) {
      if (sink == null) {
        return;
      }
      handedOver += resources.size() + problems.size();
      sink.accept(new LoadedInput(resources, problems, List.of(), 1, documentsInFile, skipped));
      resources = new ArrayList<>();
      problems = new ArrayList<>();
      skipped = new ArrayList<>();
    }

    void readFile(Path file, String name, boolean explicit) {
      try {
        readText(name, Files.readAllBytes(file), explicit);
      } catch (IOException | OutOfMemoryError e) {
        inputErrors.add(name + ": cannot read: " + e.getMessage());
      }
    }

    void readText(String name, byte[] bytes, boolean explicit) {
      parse(name, decode(name, bytes), explicit);
    }

    void parse(String name, String text, boolean explicit) {
      files++;
      int before = found();
      int documentsBefore = documents;
      // A Go-templated file outside a chart (a kustomize component's config, a Knative bundle's
      // domain-template): its documents that parse and whose templates change nothing spl reads
      // are linted; the others are listed and counted as skipped, never dropped silently.
      boolean templated = lenient && NonManifests.templated(text);
      List<Resource> fileResources = new ArrayList<>();
      List<LoadProblem> fileProblems = new ArrayList<>();
      List<String> reasons = lenient ? new ArrayList<>() : null;
      LoadProblem firstSyntaxError = null;
      int fileDocuments = 0;
      int index = 0;
      for (ParsedDocument doc : reader.read(name, text)) {
        if (doc.root() instanceof ScalarNode s && s.isNull() && doc.problems().isEmpty()) {
          continue; // an explicit but empty document, e.g. a trailing "---"
        }
        index++;
        if (templated) {
          Optional<String> why =
              doc.root() == null || !doc.problems().isEmpty()
                  ? Optional.of("Go-templated, not YAML until rendered")
                  : NonManifests.templatedDocument(doc.root());
          if (why.isPresent()) {
            skipped.add(name + " (document " + index + ": " + why.get() + ")");
            continue;
          }
        }
        if (doc.root() != null) {
          fileDocuments++;
          int had = fileResources.size();
          ResourceExtractor.extract(doc.root(), fileResources, fileProblems, reasons);
          // A problem inside an object (a duplicate key) names it, so that a walk can leave the
          // problems of objects unrelated to session persistence to other linters.
          ResourceRef of =
              lenient && fileResources.size() > had ? fileResources.get(had).ref() : null;
          if (lenient && of == null && !doc.problems().isEmpty()) {
            // a duplicate key in a proto list, an API sample, a values file: no object, so not
            // spl's to report in a walk
            skipped.add(
                name
                    + " (document "
                    + index
                    + ": "
                    + doc.problems().size()
                    + " YAML problem(s) in a document that is no Kubernetes object)");
            continue;
          }
          for (LoadProblem p : doc.problems()) {
            fileProblems.add(of == null ? p : p.in(of));
          }
        } else if (!doc.problems().isEmpty()) {
          fileDocuments++;
          fileProblems.addAll(doc.problems());
          if (firstSyntaxError == null) {
            firstSyntaxError = doc.problems().get(0);
          }
        }
      }
      if (lenient && firstSyntaxError != null) {
        Optional<String> notYaml = NonManifests.afterSyntaxError(name, text, firstSyntaxError);
        if (notYaml.isPresent()) {
          skipped.add(name + " (" + notYaml.get() + ")");
          flush(0);
          return;
        }
        if (!SessionWords.in(text)) {
          // a broken Deployment or plain Service: kubeconform's; the objects that did parse
          // are still read (a route elsewhere may name them)
          fileProblems.removeIf(
              p ->
                  (p.kind() == LoadProblem.Kind.SYNTAX
                          || p.kind() == LoadProblem.Kind.DUPLICATE_KEY)
                      && p.resource() == null);
          skipped.add(
              name
                  + " (YAML error at "
                  + firstSyntaxError.position().line()
                  + ":"
                  + firstSyntaxError.position().column()
                  + " in a file that writes nothing about sessions: kubeconform's to report)");
        }
      }
      resources.addAll(fileResources);
      problems.addAll(fileProblems);
      documents += fileDocuments;
      if (reasons != null && !reasons.isEmpty()) {
        List<String> distinct = reasons.stream().distinct().toList();
        String why =
            String.join("; ", distinct.subList(0, Math.min(3, distinct.size())))
                + (distinct.size() > 3 ? "; ..." : "");
        skipped.add(
            fileResources.isEmpty() && fileProblems.isEmpty()
                ? name + " (" + why + ")"
                : name + " (" + reasons.size() + " of its documents: " + why + ")");
      }
      if (explicit && !lenient && found() == before) {
        inputErrors.add(name + ": holds no manifest");
      }
      flush(documents - documentsBefore);
    }

    /**
     * Decodes the text as kubectl does: UTF-8, or UTF-16 when a byte-order mark says so (kubectl's
     * reader overrides the encoding by a UTF-8 or UTF-16 BOM). UTF-32, which kubectl cannot read,
     * is one SPL001 saying so.
     */
    String decode(String name, byte[] bytes) {
      if (startsWith(bytes, 0xFF, 0xFE, 0x00, 0x00) || startsWith(bytes, 0x00, 0x00, 0xFE, 0xFF)) {
        problems.add(LoadProblem.syntax(new SourcePosition(name, 1, 1), LoadMessages.UTF_32));
        return "";
      }
      if (startsWith(bytes, 0xFE, 0xFF)) {
        return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16BE);
      }
      if (startsWith(bytes, 0xFF, 0xFE)) {
        return new String(bytes, 2, bytes.length - 2, StandardCharsets.UTF_16LE);
      }
      return decodeUtf8(name, bytes);
    }

    private static boolean startsWith(byte[] bytes, int... prefix) {
      if (bytes.length < prefix.length) {
        return false;
      }
      for (int i = 0; i < prefix.length; i++) {
        if ((bytes[i] & 0xff) != prefix[i]) {
          return false;
        }
      }
      return true;
    }

    /** Decodes UTF-8; invalid bytes become U+FFFD and one SPL001 names the first of them. */
    String decodeUtf8(String name, byte[] bytes) {
      CharsetDecoder strict =
          StandardCharsets.UTF_8
              .newDecoder()
              .onMalformedInput(CodingErrorAction.REPORT)
              .onUnmappableCharacter(CodingErrorAction.REPORT);
      ByteBuffer in = ByteBuffer.wrap(bytes);
      CharBuffer out = CharBuffer.allocate(bytes.length + 1);
      CoderResult result = strict.decode(in, out, true);
      String text;
      if (result.isError()) {
        int badOffset = in.position();
        out.flip();
        SourcePosition at = positionAfter(name, out);
        problems.add(
            LoadProblem.syntax(
                at,
                LoadMessages.INVALID_UTF_8,
                "byte",
                String.format("0x%02X", bytes[badOffset] & 0xff),
                "offset",
                badOffset));
        text = new String(bytes, StandardCharsets.UTF_8); // replaces invalid bytes, reads the rest
      } else {
        strict.flush(out);
        out.flip();
        text = out.toString();
      }
      return text.startsWith("\uFEFF") ? text.substring(1) : text;
    }

    private SourcePosition positionAfter(String name, CharBuffer decoded) {
      int line = 1;
      int column = 1;
      for (int i = 0; i < decoded.limit(); i++) {
        if (decoded.get(i) == '\n') {
          line++;
          column = 1;
        } else {
          column++;
        }
      }
      return new SourcePosition(name, line, column);
    }
  }
}
