package dev.spl.cli;

import dev.spl.cli.build.BuildInfo;
import dev.spl.cli.lsp.SplLanguageServer;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import picocli.CommandLine.Command;

/** {@code spl lsp}: the language server, speaking JSON-RPC on standard input and output. */
@Command(
    name = "lsp",
    description =
        "Runs a Language Server Protocol server on standard input and output for editors:"
            + " diagnostics as YAML files are opened and changed (with the rest of the workspace"
            + " for the cross-resource rules), fixes as code actions, spl explain on hover.")
public final class LspCommand implements Callable<Integer> {

  @Override
  public Integer call() throws InterruptedException {
    return serve(System.in, System.out);
  }

  /** Serves until the client closes the stream; the {@code exit} notification ends the JVM. */
  static int serve(InputStream in, OutputStream out) throws InterruptedException {
    SplLanguageServer server =
        new SplLanguageServer(
            new SplLanguageServer.Identity(
                BuildInfo.version(), BuildInfo::ruleDocs, WorkspaceLint::new));
    Launcher<LanguageClient> launcher = LSPLauncher.createServerLauncher(server, in, out);
    server.connect(launcher.getRemoteProxy());
    try {
      launcher.startListening().get();
    } catch (ExecutionException e) {
      return 1; // the stream broke
    }
    return 0;
  }
}
