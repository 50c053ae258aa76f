package dev.spl.cli.build;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What this build of spl is: its version, commit, the commit's time and where its documentation
 * lives, from {@code spl-version.properties}, which Maven fills at build time. Read once.
 */
public final class BuildInfo {
  private static final Properties PROPERTIES = load();

  private BuildInfo() {}

  public static String version() {
    return PROPERTIES.getProperty("version", "unknown");
  }

  /** Where spl's documentation lives (SARIF informationUri and rule help links). */
  public static String homepage() {
    return PROPERTIES.getProperty("homepage", "https://github.com/spl-dev/spl");
  }

  /** A rule's page in the rule reference (SARIF helpUri, the language server's links). */
  public static String ruleDocs(String id, String name) {
    return homepage() + "/blob/main/docs/rules/" + id + "-" + name + ".md";
  }

  public static String commit() {
    return known(PROPERTIES.getProperty("commit"));
  }

  /** The commit's date, not the clock's: the same sources build the same jar. */
  public static String commitTime() {
    return known(PROPERTIES.getProperty("commitTime"));
  }

  /** True when the build had uncommitted changes. */
  public static boolean dirty() {
    return "true".equals(PROPERTIES.getProperty("dirty"));
  }

  /** A filtered property Maven could not fill (a build outside git) is "unknown". */
  private static String known(String value) {
    return value == null || value.isEmpty() || value.startsWith("${") ? "unknown" : value;
  }

  private static Properties load() {
    Properties p = new Properties();
    try (InputStream in = BuildInfo.class.getResourceAsStream("/spl-version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // no properties: the defaults above
    }
    return p;
  }
}
