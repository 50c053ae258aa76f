package dev.spl.cli.lsp;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PipedInputStream;
import java.io.PipedOutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import org.eclipse.lsp4j.ClientCapabilities;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionContext;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MessageActionItem;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.ShowMessageRequestParams;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentIdentifier;
import org.eclipse.lsp4j.TextDocumentItem;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.VersionedTextDocumentIdentifier;
import org.eclipse.lsp4j.jsonrpc.Launcher;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.launch.LSPLauncher;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageServer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The server over the real protocol (LSP4J's client on pipes), as an editor drives it. */
class SplLanguageServerTest {
  private static final Path EXAMPLES = Path.of("..", "examples");

  /** A client that keeps what the server publishes. */
  static final class Client implements LanguageClient {
    final BlockingQueue<PublishDiagnosticsParams> published = new LinkedBlockingQueue<>();

    @Override
    public void publishDiagnostics(PublishDiagnosticsParams diagnostics) {
      published.add(diagnostics);
    }

    @Override
    public void telemetryEvent(Object object) {}

    @Override
    public void showMessage(MessageParams messageParams) {}

    @Override
    public CompletableFuture<MessageActionItem> showMessageRequest(ShowMessageRequestParams p) {
      return CompletableFuture.completedFuture(null);
    }

    @Override
    public void logMessage(MessageParams message) {}

    /** The next diagnostics of {@code uri} for the text of {@code version}. */
    PublishDiagnosticsParams next(String uri, int version) throws InterruptedException {
      while (true) {
        PublishDiagnosticsParams p = published.poll(30, TimeUnit.SECONDS);
        assertNotNull(p, "no diagnostics within 30 s");
        if (p.getUri().equals(uri) && p.getVersion() != null && p.getVersion() == version) {
          return p;
        }
      }
    }
  }

  @Test
  void diagnosticsCodeActionsAndHoverOverTheProtocol(@TempDir Path dir) throws Exception {
    Path folder = Files.createDirectories(dir.resolve("routes"));
    Files.copy(EXAMPLES.resolve("SPL021-invalid-duration/.spl.yaml"), folder.resolve(".spl.yaml"));
    Path file = folder.resolve("route.yaml");
    String text = Files.readString(EXAMPLES.resolve("SPL021-invalid-duration/bad.yaml"));
    Files.writeString(file, text);
    String uri = file.toUri().toString();

    Session session = session(dir);
    assertTrue(session.caps().getHoverProvider().getLeft());
    LanguageServer remote = session.remote();
    Client client = session.client();
    remote
        .getTextDocumentService()
        .didOpen(new DidOpenTextDocumentParams(new TextDocumentItem(uri, "yaml", 1, text)));

    List<Diagnostic> diagnostics = client.next(uri, 1).getDiagnostics();
    Diagnostic days =
        diagnostics.stream()
            .filter(d -> d.getMessage().contains("\"1d\""))
            .findFirst()
            .orElseThrow(() -> new AssertionError(diagnostics.toString()));
    assertEquals("SPL021", days.getCode().getLeft());
    assertEquals("spl", days.getSource());
    assertEquals(11, days.getRange().getStart().getLine()); // line 12, 0-based
    // from the key to the end of its value: "absoluteTimeout: 1d"
    assertEquals(6, days.getRange().getStart().getCharacter());
    assertEquals(25, days.getRange().getEnd().getCharacter());
    assertTrue(
        days.getCodeDescription().getHref().endsWith("docs/rules/SPL021-invalid-duration.md"));

    CodeActionParams request =
        new CodeActionParams(
            new TextDocumentIdentifier(uri), days.getRange(), new CodeActionContext(List.of(days)));
    List<Either<org.eclipse.lsp4j.Command, CodeAction>> actions =
        remote.getTextDocumentService().codeAction(request).get(30, TimeUnit.SECONDS);
    assertEquals(1, actions.size(), actions.toString());
    CodeAction fix = actions.get(0).getRight();
    assertEquals("Fix SPL021: write 24h", fix.getTitle());
    TextEdit edit = fix.getEdit().getChanges().get(uri).get(0);
    assertEquals(new org.eclipse.lsp4j.Position(11, 23), edit.getRange().getStart());
    assertEquals(new org.eclipse.lsp4j.Position(11, 25), edit.getRange().getEnd());
    assertEquals("24h", edit.getNewText());

    Hover hover =
        remote
            .getTextDocumentService()
            .hover(new HoverParams(new TextDocumentIdentifier(uri), days.getRange().getStart()))
            .get(30, TimeUnit.SECONDS);
    assertTrue(hover.getContents().getRight().getValue().contains("**SPL021 invalid-duration**"));

    // an edit is linted as typed: the duration fixed by hand, a finding gone
    String edited = text.replace("absoluteTimeout: 1d ", "absoluteTimeout: 24h");
    remote
        .getTextDocumentService()
        .didChange(
            new DidChangeTextDocumentParams(
                new VersionedTextDocumentIdentifier(uri, 2),
                List.of(new TextDocumentContentChangeEvent(edited))));
    List<Diagnostic> after = client.next(uri, 2).getDiagnostics();
    assertEquals(diagnostics.size() - 1, after.size(), after.toString());
    remote.shutdown().get(30, TimeUnit.SECONDS);
  }

  /** A server and a client on pipes, initialized on {@code root}. */
  record Session(LanguageServer remote, Client client, org.eclipse.lsp4j.ServerCapabilities caps) {}

  static Session session(Path root) throws Exception {
    PipedInputStream serverIn = new PipedInputStream();
    PipedOutputStream clientOut = new PipedOutputStream(serverIn);
    PipedInputStream clientIn = new PipedInputStream();
    PipedOutputStream serverOut = new PipedOutputStream(clientIn);
    SplLanguageServer server =
        new SplLanguageServer(
            new SplLanguageServer.Identity(
                dev.spl.cli.build.BuildInfo.version(),
                dev.spl.cli.build.BuildInfo::ruleDocs,
                dev.spl.cli.WorkspaceLint::new));
    Launcher<LanguageClient> serverLauncher =
        LSPLauncher.createServerLauncher(server, serverIn, serverOut);
    server.connect(serverLauncher.getRemoteProxy());
    serverLauncher.startListening();
    Client client = new Client();
    Launcher<LanguageServer> clientLauncher =
        LSPLauncher.createClientLauncher(client, clientIn, clientOut);
    clientLauncher.startListening();
    LanguageServer remote = clientLauncher.getRemoteProxy();
    InitializeParams init = new InitializeParams();
    init.setRootUri(root.toUri().toString());
    init.setCapabilities(new ClientCapabilities());
    var caps = remote.initialize(init).get(30, TimeUnit.SECONDS).getCapabilities();
    remote.initialized(new InitializedParams());
    return new Session(remote, client, caps);
  }

  @Test
  void crossResourceFindingsAsLintReportsThem(@TempDir Path dir) throws Exception {
    // The README's example repository: spl lint reports SPL103 on manifests/search.yaml.
    Path shop = dir.resolve("shop");
    Path source = Path.of("src/test/resources/repos/shop");
    try (var files = Files.walk(source)) {
      for (Path p : files.toList()) {
        Path to = shop.resolve(source.relativize(p).toString());
        if (Files.isDirectory(p)) {
          Files.createDirectories(to);
        } else {
          Files.copy(p, to);
        }
      }
    }
    Path search = shop.resolve("manifests/search.yaml");
    String uri = search.toUri().toString();
    Session s = session(shop);
    s.remote()
        .getTextDocumentService()
        .didOpen(
            new DidOpenTextDocumentParams(
                new TextDocumentItem(uri, "yaml", 1, Files.readString(search))));
    List<Diagnostic> found = s.client().next(uri, 1).getDiagnostics();
    // once: the workspace's first read and the open both lint it, one publishes
    PublishDiagnosticsParams again = s.client().published.poll(2, TimeUnit.SECONDS);
    assertEquals(null, again, "published twice");
    Diagnostic collision =
        found.stream()
            .filter(d -> "SPL103".equals(d.getCode().getLeft()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no SPL103: " + found));
    assertEquals(21, collision.getRange().getStart().getLine()); // line 22, as spl lint says
    assertTrue(
        collision.getRelatedInformation() != null && !collision.getRelatedInformation().isEmpty(),
        "the other route's rule is a related location");
    var other = collision.getRelatedInformation().get(0).getLocation();
    assertTrue(other.getUri().endsWith("/shop/manifests/cart.yaml"), other.getUri());
    assertEquals(12, other.getRange().getStart().getLine()); // cart.yaml:13, as lint says

    // The other route renamed and saved: the finding on the open file goes, though it did not
    // change.
    Path cart = shop.resolve("manifests/cart.yaml");
    Files.writeString(cart, Files.readString(cart).replace("api-session", "cart-session"));
    s.remote()
        .getTextDocumentService()
        .didSave(
            new org.eclipse.lsp4j.DidSaveTextDocumentParams(
                new TextDocumentIdentifier(cart.toUri().toString())));
    // (publishes queued before the save may come first: wait for the one without the finding)
    List<Diagnostic> after = s.client().next(uri, 1).getDiagnostics();
    for (int i = 0;
        i < 5 && after.stream().anyMatch(d -> "SPL103".equals(d.getCode().getLeft()));
        i++) {
      after = s.client().next(uri, 1).getDiagnostics();
    }
    assertTrue(
        after.stream().noneMatch(d -> "SPL103".equals(d.getCode().getLeft())), after.toString());
    s.remote().shutdown().get(30, TimeUnit.SECONDS);
  }

  @Test
  void positionsAreUtf16AndCrlfSafe() {
    TextPositions p = new TextPositions("a: 1\r\nb: {c: \"\uD83D\uDE00\", d: 1d}\r\n");
    // the emoji is one code point, two UTF-16 units: column 16 (code points) is character 16
    assertEquals(16, p.rangeAt(2, 16).getStart().getCharacter());
    assertEquals(19, p.rangeAt(2, 16).getEnd().getCharacter()); // "1d}" up to the line's end
    assertEquals(10, p.position(p.offset(2, 10)).getCharacter()); // the closing quote
    assertEquals(1, p.rangeAt(2, 16).getStart().getLine());
  }
}
