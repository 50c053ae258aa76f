package dev.spl.cli.lsp;

import dev.spl.model.Finding;
import java.util.List;
import java.util.Set;

/**
 * What the language server asks of the workspace it serves: the CLI's lint of the files on disk,
 * with an editor's unsaved text in place of one of them. The server only speaks the protocol; what
 * is linted with what is decided behind this interface, as {@code spl lint} decides it.
 */
public interface Workspace {
  /** Reads every file again and lints it whole; the names of the files with findings. */
  Set<String> read();

  /** The findings on {@code file} with {@code text} in place of what is on disk. */
  List<Finding> lint(String file, String text);

  /** The findings on {@code text} alone, as if {@code file} were linted by itself. */
  List<Finding> lintAlone(String file, String text);

  /** True when the configuration in force for {@code file} names a Gateway API version. */
  boolean versionNamed(String file);

  /** How findings name {@code file}. */
  String nameOf(java.nio.file.Path file);
}
