package dev.spl.cli.read;

import dev.spl.InputNotes;
import dev.spl.config.SplConfig;
import dev.spl.config.VersionChooser;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Resource;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiCrd;
import dev.spl.schema.GatewayApiVersion;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The Gateway API version each file of an input is linted for, by {@link VersionChooser}'s order
 * (the flag, the nearest .spl.yaml, the Gateway API CRDs in the input, the newest release), and the
 * CRDs in sight that speak for it. Counts each choice for the summary.
 */
public final class InputVersions {
  private final Configs configs;
  private final GatewayApiVersion flagVersion; // null: automatic
  private final ManifestLoader lenient = ManifestLoader.lenient();

  private final Map<String, VersionCount> counts = new LinkedHashMap<>();
  // per file name as findings carry it: the version it was linted for (--fix lints it again)
  private final Map<String, GatewayApiVersion> versionByFile = new HashMap<>();
  private final Set<String> namedVersion = new HashSet<>(); // files; see versionNamed

  private Optional<CrdVersion> crdVersion = Optional.empty(); // once found, kept
  private int crdCandidatesSearched; // candidates before this one were searched in vain
  private final List<Path> crdCandidates = new ArrayList<>(); // every file of every read()
  private final java.util.Map<Path, Path> walkRoots = new java.util.HashMap<>(); // file -> walk
  // The Gateway API CRDs of each directory that holds some (absolute, normalized), found with
  // crdVersion(): they speak for the files at and below them (crdsFor).
  private final Map<Path, List<GatewayApiCrd>> crdsByDirectory = new LinkedHashMap<>();
  private final Map<Path, CrdsInSight> sightByDirectory = new HashMap<>(); // made once each
  private Path chosenCrdDirectory; // the set crdVersion() chose, when it is not test data

  private record CrdVersion(GatewayApiVersion version, String file) {}

  private static final class VersionCount {
    final GatewayApiVersion version;
    final String reason;
    int files;

    VersionCount(GatewayApiVersion version, String reason) {
      this.version = version;
      this.reason = reason;
    }
  }

  InputVersions(Configs configs, GatewayApiVersion flagVersion) {
    this.configs = configs;
    this.flagVersion = flagVersion;
  }

  /** Files whose Gateway API CRDs, if they hold any, may decide the input's version. */
  void searchForCrds(Collection<Path> files) {
    searchForCrds(files, null);
  }

  /**
   * As {@link #searchForCrds(Collection)}, for the files of a walk of {@code root}: whether a
   * file's CRDs are test data is judged below the root (and by its name), never by how the path to
   * it is spelt.
   */
  void searchForCrds(Collection<Path> files, Path root) {
    crdCandidates.addAll(files);
    if (root != null) {
      for (Path f : files) {
        walkRoots.put(f, root);
      }
    }
  }

  private boolean isTestData(Path f) {
    Path root = walkRoots.get(f);
    return root != null && Units.isExampleOrTestData(f, root);
  }

  /** The version for {@code file}, by {@link VersionChooser}'s order. */
  GatewayApiVersion versionFor(Path file) throws SplConfig.Invalid {
    SplConfig cfg = flagVersion != null ? null : configs.forFile(file);
    VersionChooser.Named config =
        cfg == null || cfg.gatewayApiVersion() == null
            ? null
            : new VersionChooser.Named(cfg.gatewayApiVersion(), DisplayPath.of(cfg.file()));
    // The input's CRDs are read only when nothing before them in the order names a version.
    return chosen(
        file,
        flagVersion != null || config != null ? null : crdVersion().map(this::named).orElse(null),
        config);
  }

  /**
   * The version for standard input: its own CRDs are the CRDs in sight for it (after the flag and
   * the working directory's .spl.yaml); else the input's, as for any file.
   */
  GatewayApiVersion versionForStdin(LoadedInput part) throws SplConfig.Invalid {
    Optional<CrdVersion> own = crdVersionIn(part.resources(), ManifestLoader.STDIN_NAME);
    if (own.isEmpty()) {
      return versionFor(Path.of(ManifestLoader.STDIN_NAME));
    }
    SplConfig here = configs.forWorkingDirectory();
    return chosen(
        Path.of(ManifestLoader.STDIN_NAME),
        named(own.get()),
        here.gatewayApiVersion() == null
            ? null
            : new VersionChooser.Named(here.gatewayApiVersion(), DisplayPath.of(here.file())));
  }

  /** Records that the file findings name as {@code file} was linted for {@code version}. */
  void linted(String file, GatewayApiVersion version) {
    versionByFile.put(file, version);
  }

  /** The version the file findings name as {@code file} was linted for, or null. */
  GatewayApiVersion versionOf(String file) {
    return versionByFile.get(file);
  }

  /**
   * True when the version {@code file} was linted for was named - by the flag, a .spl.yaml or the
   * Gateway API CRDs in the input - rather than taken by default: a fix that depends on which shape
   * is meant ({@code Fix.ifVersionNamed}) holds only then.
   */
  boolean versionNamed(String file) {
    return namedVersion.contains(file);
  }

  /** The versions chosen, why, and for how many files: the summary's account. */
  List<InputNotes.VersionChoice> choices() {
    List<InputNotes.VersionChoice> used = new ArrayList<>();
    for (VersionCount c : counts.values()) {
      if (c.files > 0) {
        used.add(new InputNotes.VersionChoice(c.version, c.reason, c.files));
      }
    }
    return List.copyOf(used);
  }

  private VersionChooser.Named named(CrdVersion crds) {
    return new VersionChooser.Named(crds.version(), "Gateway API CRDs in " + crds.file());
  }

  /** Chooses, counts the choice for the summary and notes whether the version was named. */
  private GatewayApiVersion chosen(
      Path file, VersionChooser.Named crds, VersionChooser.Named config) {
    VersionChooser.Choice c =
        VersionChooser.choose(
            flagVersion == null
                ? null
                : new VersionChooser.Named(flagVersion, "--gateway-api-version"),
            config,
            crds,
            "no .spl.yaml or Gateway API CRDs in the input name one");
    if (c.named()) {
      namedVersion.add(DisplayPath.of(file));
    }
    counts.computeIfAbsent(
            c.version() + " " + c.reason(), k -> new VersionCount(c.version(), c.reason()))
        .files++;
    return c.version();
  }

  /**
   * The version of the Gateway API CRDs in the input, from their bundle-version annotation. When
   * the input holds several sets (a vendored bundle and a test fixture of two CRDs), the one a
   * cluster would install wins: outside examples and test data first, then the most complete set
   * (CRDs of one version in one directory), then the first found. Only files that mention the
   * annotation are parsed, each once; the choice is made when the first file needs a version, over
   * every file given (with --context the whole repository is read first, so staged files get the
   * version of the CRDs it vendors).
   */
  private Optional<CrdVersion> crdVersion() {
    if (crdVersion.isPresent() || crdCandidatesSearched >= crdCandidates.size()) {
      return crdVersion;
    }
    Map<String, CrdSet> sets = new LinkedHashMap<>();
    while (crdCandidatesSearched < crdCandidates.size()) {
      Path f = crdCandidates.get(crdCandidatesSearched++);
      try {
        // Latin-1 maps each byte to one char: a cheap search before any YAML is parsed
        if (!new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1)
            .contains(GatewayApiCrd.BUNDLE_VERSION)) {
          continue;
        }
      } catch (IOException e) {
        continue; // reported when the file itself is read
      }
      List<GatewayApiCrd> crds =
          gatewayApiCrds(lenient.loadFile(f, f.toString(), false).resources());
      Path dir = f.toAbsolutePath().normalize().getParent();
      if (!crds.isEmpty()) {
        crdsByDirectory.computeIfAbsent(dir, d -> new ArrayList<>()).addAll(crds);
        sightByDirectory.remove(dir);
      }
      for (CrdVersion found : crdVersionsIn(crds, DisplayPath.of(f))) {
        String key = dir + " " + found.version();
        sets.computeIfAbsent(key, k -> new CrdSet(found, dir, isTestData(f), sets.size())).crds++;
      }
    }
    crdVersion =
        sets.values().stream()
            .min(
                java.util.Comparator.comparing((CrdSet c) -> c.testData)
                    .thenComparing(c -> -c.crds)
                    .thenComparing(c -> c.order))
            .map(
                c -> {
                  chosenCrdDirectory = c.testData ? null : c.dir;
                  return c.first;
                });
    return crdVersion;
  }

  /**
   * The Gateway API CRDs that speak for {@code file}: those of its directory or the nearest above
   * it, else the set chosen for the input's version unless that is test data (a fixture's CRDs
   * speak only for their own directory). Null when none do.
   */
  CrdsInSight crdsFor(Path file) {
    crdVersion();
    if (crdsByDirectory.isEmpty()) {
      return null;
    }
    Path abs = file.toAbsolutePath().normalize();
    for (Path dir = abs.getParent(); dir != null; dir = dir.getParent()) {
      if (crdsByDirectory.containsKey(dir)) {
        return sightOf(dir);
      }
    }
    return chosenCrdDirectory == null ? null : sightOf(chosenCrdDirectory);
  }

  private CrdsInSight sightOf(Path dir) {
    return sightByDirectory.computeIfAbsent(dir, d -> new CrdsInSight(crdsByDirectory.get(d)));
  }

  /** The Gateway API CRDs of one version in one directory: a candidate for the input's version. */
  private static final class CrdSet {
    final CrdVersion first;
    final Path dir;
    final boolean testData;
    final int order;
    int crds;

    CrdSet(CrdVersion first, Path dir, boolean testData, int order) {
      this.first = first;
      this.dir = dir;
      this.testData = testData;
      this.order = order;
    }
  }

  private static Optional<CrdVersion> crdVersionIn(List<Resource> resources, String file) {
    List<CrdVersion> all = crdVersionsIn(gatewayApiCrds(resources), file);
    return all.isEmpty() ? Optional.empty() : Optional.of(all.get(0));
  }

  /** The Gateway API CRDs among a part's objects, each read once. */
  private static List<GatewayApiCrd> gatewayApiCrds(List<Resource> resources) {
    return resources.stream().flatMap(r -> GatewayApiCrd.of(r).stream()).toList();
  }

  /** One entry per CRD of {@code crds} whose version is known (its bundle's, or its schema's). */
  private static List<CrdVersion> crdVersionsIn(List<GatewayApiCrd> crds, String file) {
    List<CrdVersion> out = new ArrayList<>();
    for (GatewayApiCrd crd : crds) {
      crd.version()
          .ifPresent(v -> out.add(new CrdVersion(v, file + " (" + crd.versionReason() + ")")));
    }
    return out;
  }
}
