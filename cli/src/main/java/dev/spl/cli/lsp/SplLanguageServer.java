package dev.spl.cli.lsp;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.fix.FixPlan;
import dev.spl.model.Finding;
import dev.spl.model.Severity;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleInfo;
import java.net.URI;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.eclipse.lsp4j.CodeAction;
import org.eclipse.lsp4j.CodeActionKind;
import org.eclipse.lsp4j.CodeActionOptions;
import org.eclipse.lsp4j.CodeActionParams;
import org.eclipse.lsp4j.Command;
import org.eclipse.lsp4j.Diagnostic;
import org.eclipse.lsp4j.DiagnosticCodeDescription;
import org.eclipse.lsp4j.DiagnosticSeverity;
import org.eclipse.lsp4j.DidChangeConfigurationParams;
import org.eclipse.lsp4j.DidChangeTextDocumentParams;
import org.eclipse.lsp4j.DidChangeWatchedFilesParams;
import org.eclipse.lsp4j.DidCloseTextDocumentParams;
import org.eclipse.lsp4j.DidOpenTextDocumentParams;
import org.eclipse.lsp4j.DidSaveTextDocumentParams;
import org.eclipse.lsp4j.Hover;
import org.eclipse.lsp4j.HoverParams;
import org.eclipse.lsp4j.InitializeParams;
import org.eclipse.lsp4j.InitializeResult;
import org.eclipse.lsp4j.InitializedParams;
import org.eclipse.lsp4j.MarkupContent;
import org.eclipse.lsp4j.MarkupKind;
import org.eclipse.lsp4j.MessageParams;
import org.eclipse.lsp4j.MessageType;
import org.eclipse.lsp4j.Position;
import org.eclipse.lsp4j.PublishDiagnosticsParams;
import org.eclipse.lsp4j.Range;
import org.eclipse.lsp4j.SaveOptions;
import org.eclipse.lsp4j.ServerCapabilities;
import org.eclipse.lsp4j.ServerInfo;
import org.eclipse.lsp4j.TextDocumentContentChangeEvent;
import org.eclipse.lsp4j.TextDocumentSyncKind;
import org.eclipse.lsp4j.TextDocumentSyncOptions;
import org.eclipse.lsp4j.TextEdit;
import org.eclipse.lsp4j.WorkspaceEdit;
import org.eclipse.lsp4j.jsonrpc.messages.Either;
import org.eclipse.lsp4j.services.LanguageClient;
import org.eclipse.lsp4j.services.LanguageClientAware;
import org.eclipse.lsp4j.services.LanguageServer;
import org.eclipse.lsp4j.services.TextDocumentService;
import org.eclipse.lsp4j.services.WorkspaceService;

/**
 * {@code spl lsp}: lints YAML documents as an editor opens and changes them, and offers spl's fixes
 * as code actions and {@code spl explain} on hover. A thin adapter: the {@link Workspace} decides
 * what is linted with what; this class only speaks the protocol. Lints run one at a time on their
 * own thread, the newest text of a document winning over older ones still queued.
 */
public final class SplLanguageServer
    implements LanguageServer, LanguageClientAware, TextDocumentService, WorkspaceService {
  private final ExecutorService linter =
      Executors.newSingleThreadExecutor(
          r -> {
            Thread t = new Thread(r, "spl-lint");
            t.setDaemon(true);
            return t;
          });
  private final Map<String, Document> documents = new ConcurrentHashMap<>();
  private volatile LanguageClient client;
  private volatile Workspace workspace;
  private volatile boolean shutdown;
  private final Identity identity;

  /**
   * What the server says of itself and where it sends a reader: the version, and the page of a rule
   * (by id and name); {@code workspaceAt} opens the workspace at the root the editor names, with a
   * log for what it could not read.
   */
  public record Identity(
      String version,
      java.util.function.BinaryOperator<String> ruleDocs,
      java.util.function.BiFunction<Path, java.util.function.Consumer<String>, Workspace>
          workspaceAt) {}

  public SplLanguageServer(Identity identity) {
    this.identity = identity;
  }

  /** An open document: its text, and the findings of its last lint with their ranges. */
  /** An open document; {@code found} is null until its text's findings are published. */
  private record Document(String uri, String name, String text, int version, List<Placed> found) {}

  /** A finding where it is in the document's text. */
  private record Placed(Finding finding, Range range) {}

  @Override
  public void connect(LanguageClient client) {
    this.client = client;
  }

  @Override
  public CompletableFuture<InitializeResult> initialize(InitializeParams params) {
    Path root = rootOf(params);
    workspace = identity.workspaceAt().apply(root, this::log);
    ServerCapabilities caps = new ServerCapabilities();
    TextDocumentSyncOptions sync = new TextDocumentSyncOptions();
    sync.setOpenClose(true);
    sync.setChange(TextDocumentSyncKind.Full);
    sync.setSave(new SaveOptions(false));
    caps.setTextDocumentSync(sync);
    caps.setCodeActionProvider(new CodeActionOptions(List.of(CodeActionKind.QuickFix)));
    caps.setHoverProvider(true);
    return CompletableFuture.completedFuture(
        new InitializeResult(caps, new ServerInfo("spl", identity.version())));
  }

  @Override
  public void initialized(InitializedParams params) {
    linter.execute(
        () -> {
          workspace.read();
          documents.values().forEach(d -> lintNow(d.uri()));
        });
  }

  @Override
  public CompletableFuture<Object> shutdown() {
    shutdown = true;
    linter.shutdownNow();
    return CompletableFuture.completedFuture(null);
  }

  @Override
  public void exit() {
    System.exit(shutdown ? 0 : 1);
  }

  @Override
  public TextDocumentService getTextDocumentService() {
    return this;
  }

  @Override
  public WorkspaceService getWorkspaceService() {
    return this;
  }

  // --- documents ---

  @Override
  public void didOpen(DidOpenTextDocumentParams params) {
    var doc = params.getTextDocument();
    update(doc.getUri(), doc.getText(), doc.getVersion());
  }

  @Override
  public void didChange(DidChangeTextDocumentParams params) {
    List<TextDocumentContentChangeEvent> changes = params.getContentChanges();
    if (!changes.isEmpty()) {
      // full sync: the last change holds the whole text
      String text = changes.get(changes.size() - 1).getText();
      update(params.getTextDocument().getUri(), text, params.getTextDocument().getVersion());
    }
  }

  @Override
  public void didClose(DidCloseTextDocumentParams params) {
    String uri = params.getTextDocument().getUri();
    documents.remove(uri);
    publish(uri, List.of(), null);
  }

  @Override
  public void didSave(DidSaveTextDocumentParams params) {
    rereadWorkspace();
  }

  @Override
  public void didChangeConfiguration(DidChangeConfigurationParams params) {
    // spl's configuration is .spl.yaml, read with the workspace
  }

  @Override
  public void didChangeWatchedFiles(DidChangeWatchedFilesParams params) {
    rereadWorkspace();
  }

  private void rereadWorkspace() {
    linter.execute(
        () -> {
          workspace.read();
          documents.values().forEach(d -> lintNow(d.uri()));
        });
  }

  private void update(String uri, String text, int version) {
    String name = nameOf(uri);
    if (name == null) {
      return; // not a file: nothing spl can relate it to
    }
    documents.put(uri, new Document(uri, name, text, version, null));
    linter.execute(() -> lintNow(uri));
  }

  /** Lints the document's newest text, unless a newer lint of it is already queued. */
  private void lintNow(String uri) {
    Document doc = documents.get(uri);
    if (doc == null || shutdown) {
      return;
    }
    List<Finding> findings;
    try {
      findings = workspace.lint(doc.name(), doc.text());
    } catch (dev.spl.LintDeadlineExceeded stopped) {
      return; // shut down mid-lint (the thread interrupted): nobody is waiting for the answer
    }
    TextPositions positions = new TextPositions(doc.text());
    List<Placed> placed = new ArrayList<>();
    for (Finding f : findings) {
      placed.add(new Placed(f, positions.rangeAt(f.position().line(), f.position().column())));
    }
    Document latest = documents.get(uri);
    if (latest == null || latest.version() != doc.version()) {
      return; // a newer text is queued: its lint publishes
    }
    if (placed.equals(latest.found())) {
      return; // published already (an open lint and the workspace's first read both ran)
    }
    documents.put(
        uri, new Document(uri, doc.name(), doc.text(), doc.version(), List.copyOf(placed)));
    publish(uri, placed.stream().map(this::diagnostic).toList(), doc.version());
  }

  private Diagnostic diagnostic(Placed p) {
    Finding f = p.finding();
    Diagnostic d =
        new Diagnostic(p.range(), f.message(), severity(f.severity()), "spl", f.ruleId());
    d.setCodeDescription(
        new DiagnosticCodeDescription(identity.ruleDocs().apply(f.ruleId(), f.ruleName())));
    List<org.eclipse.lsp4j.DiagnosticRelatedInformation> related = new ArrayList<>();
    for (var r : f.related()) {
      if (r.position() != null
          && r.position().inText()
          && java.nio.file.Files.isRegularFile(Path.of(r.position().file()))) {
        related.add(
            new org.eclipse.lsp4j.DiagnosticRelatedInformation(
                new org.eclipse.lsp4j.Location(
                    uriOfName(r.position().file()), pointAt(r.position())),
                r.resource() == null ? "related" : r.resource().describe()));
      }
    }
    if (!related.isEmpty()) {
      d.setRelatedInformation(related); // the other object of a cross-resource finding
    }
    return d;
  }

  /** The URI of a file as findings name it (relative to the working directory, as lint shows). */
  private static String uriOfName(String name) {
    return Path.of(name).toAbsolutePath().normalize().toUri().toString();
  }

  /** A zero-width range at a position: the other file's text is not at hand to measure the key. */
  private static org.eclipse.lsp4j.Range pointAt(dev.spl.model.SourcePosition p) {
    var at = new org.eclipse.lsp4j.Position(p.line() - 1, Math.max(0, p.column() - 1));
    return new org.eclipse.lsp4j.Range(at, at);
  }

  private void publish(String uri, List<Diagnostic> diagnostics, Integer version) {
    LanguageClient c = client;
    if (c != null) {
      c.publishDiagnostics(new PublishDiagnosticsParams(uri, diagnostics, version));
    }
  }

  // --- code actions and hover ---

  @Override
  public CompletableFuture<List<Either<Command, CodeAction>>> codeAction(CodeActionParams params) {
    return CompletableFuture.supplyAsync(
        () -> {
          Document doc = documents.get(params.getTextDocument().getUri());
          List<Either<Command, CodeAction>> actions = new ArrayList<>();
          if (doc == null || doc.found() == null) {
            return actions;
          }
          TextPositions positions = new TextPositions(doc.text());
          for (Placed p : doc.found()) {
            // a client that sends no range asks about the whole document
            if (p.finding().fix() == null
                || (p.finding().fix().ifVersionNamed() && !workspace.versionNamed(doc.name()))
                || (params.getRange() != null && !overlaps(p.range(), params.getRange()))) {
              continue;
            }
            FixPlan plan =
                FixPlan.of(
                    doc.name(),
                    doc.text(),
                    List.of(p.finding()),
                    t -> workspace.lintAlone(doc.name(), t));
            if (plan.edits().isEmpty()) {
              continue; // the scalar moved, or the fix would add a finding
            }
            List<TextEdit> edits = new ArrayList<>();
            for (dev.spl.fix.TextEdit e : plan.edits()) {
              edits.add(
                  new TextEdit(
                      new Range(positions.position(e.start()), positions.position(e.end())),
                      e.replacement()));
            }
            CodeAction action =
                new CodeAction("Fix " + p.finding().ruleId() + ": " + p.finding().fix().title());
            action.setKind(CodeActionKind.QuickFix);
            action.setDiagnostics(List.of(diagnostic(p)));
            action.setIsPreferred(true);
            action.setEdit(new WorkspaceEdit(Map.of(doc.uri(), edits)));
            actions.add(Either.forRight(action));
          }
          return actions;
        },
        linter);
  }

  @Override
  public CompletableFuture<Hover> hover(HoverParams params) {
    Document doc = documents.get(params.getTextDocument().getUri());
    if (doc == null || doc.found() == null) {
      return CompletableFuture.completedFuture(null);
    }
    StringBuilder md = new StringBuilder();
    for (Placed p : doc.found()) {
      if (contains(p.range(), params.getPosition())) {
        RuleInfo rule = BuiltInRules.find(p.finding().ruleId()).map(Rule::info).orElse(null);
        if (rule == null) {
          continue;
        }
        md.append(md.length() == 0 ? "" : "\n\n---\n\n")
            .append("**")
            .append(rule.id())
            .append(' ')
            .append(rule.name())
            .append("** (")
            .append(p.finding().severity().label())
            .append(")\n\n")
            .append(p.finding().message())
            .append("\n\n**Why.** ")
            .append(rule.why())
            .append("\n\n**Fix.** ")
            .append(rule.fix())
            .append("\n\n[")
            .append(rule.id())
            .append(" in the rule reference](")
            .append(identity.ruleDocs().apply(rule.id(), rule.name()))
            .append(')');
      }
    }
    return CompletableFuture.completedFuture(
        md.length() == 0 ? null : new Hover(new MarkupContent(MarkupKind.MARKDOWN, md.toString())));
  }

  // --- helpers ---

  private static Path rootOf(InitializeParams params) {
    String uri = null;
    if (params.getWorkspaceFolders() != null && !params.getWorkspaceFolders().isEmpty()) {
      uri = params.getWorkspaceFolders().get(0).getUri();
    } else if (params.getRootUri() != null) {
      uri = params.getRootUri();
    }
    try {
      return uri == null ? Path.of("").toAbsolutePath() : Path.of(URI.create(uri));
    } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
      return Path.of("").toAbsolutePath();
    }
  }

  private String nameOf(String uri) {
    try {
      return workspace.nameOf(Path.of(URI.create(uri)));
    } catch (IllegalArgumentException | java.nio.file.FileSystemNotFoundException e) {
      return null;
    }
  }

  private static DiagnosticSeverity severity(Severity s) {
    return switch (s) {
      case ERROR -> DiagnosticSeverity.Error;
      case WARNING -> DiagnosticSeverity.Warning;
      case INFO -> DiagnosticSeverity.Information;
    };
  }

  private static boolean overlaps(Range a, Range b) {
    return !before(a.getEnd(), b.getStart()) && !before(b.getEnd(), a.getStart());
  }

  private static boolean contains(Range r, Position p) {
    return !before(p, r.getStart()) && !before(r.getEnd(), p);
  }

  private static boolean before(Position a, Position b) {
    return a.getLine() < b.getLine()
        || (a.getLine() == b.getLine() && a.getCharacter() < b.getCharacter());
  }

  private void log(String message) {
    LanguageClient c = client;
    if (c != null) {
      c.logMessage(new MessageParams(MessageType.Warning, "spl: " + message));
    }
  }
}
