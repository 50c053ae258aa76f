package dev.spl;

import dev.spl.index.ResourceIndex;
import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.model.FieldPath;
import dev.spl.model.Finding;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.rules.BuiltInRules;
import dev.spl.rules.IndexRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.rules.Suppressions;
import dev.spl.rules.input.NotAResource;
import dev.spl.rules.input.YamlSyntax;
import dev.spl.schema.SessionPersistenceLocator;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

/**
 * The rule engine: resources in, findings out. It knows nothing of files, terminals or HTTP; the
 * CLI and the webhook are adapters around it.
 */
public final class Engine {
  private final List<ResourceRule> resourceRules = new ArrayList<>();
  private final List<SessionPersistenceRule> persistenceRules = new ArrayList<>();
  private final List<IndexRule> indexRules = new ArrayList<>();

  public Engine() {
    this(BuiltInRules.all());
  }

  public Engine(List<Rule> rules) {
    for (Rule r : rules) {
      if (r instanceof ResourceRule rr) {
        resourceRules.add(rr);
      }
      if (r instanceof SessionPersistenceRule sr) {
        persistenceRules.add(sr);
      }
      if (r instanceof IndexRule ir) {
        indexRules.add(ir);
      }
    }
  }

  /** Lints what the loader read: its problems become SPL001/SPL002 findings. */
  public LintResult lint(LoadedInput input, LintOptions options) {
    List<Finding> findings = new ArrayList<>(lint(input.resources(), options));
    for (LoadProblem p : input.problems()) {
      RuleInfo rule = p.kind() == LoadProblem.Kind.SYNTAX ? YamlSyntax.INFO : NotAResource.INFO;
      if (options.rules().isEnabled(rule.id())) {
        findings.add(
            new Finding(
                rule.id(),
                rule.name(),
                options.rules().severity(rule),
                p.message(),
                p.position(),
                p.resource(),
                "",
                List.of()));
      }
    }
    Collections.sort(findings);
    return new LintResult(
        List.copyOf(findings), input.files(), input.documents(), input.resources().size());
  }

  /** Lints resources; findings are sorted by file, line, column and rule. */
  public List<Finding> lint(List<Resource> resources, LintOptions options) {
    List<Finding> findings = new ArrayList<>();
    RuleContext context = new RuleContext(options.version());
    Reporter reporter = new SelectingReporter(options, findings);
    Map<Resource, List<SessionPersistenceSite>> sites = new IdentityHashMap<>();
    for (Resource resource : resources) {
      for (ResourceRule rule : resourceRules) {
        rule.check(resource, context, reporter);
      }
      if (SessionPersistenceLocator.canCarryPersistence(resource)) {
        List<SessionPersistenceSite> own =
            SessionPersistenceLocator.find(resource, options.version());
        sites.put(resource, own);
        for (SessionPersistenceSite site : own) {
          for (SessionPersistenceRule rule : persistenceRules) {
            rule.check(site, reporter);
          }
        }
      }
    }
    if (!indexRules.isEmpty()) {
      ResourceIndex index = ResourceIndex.build(resources, r -> sites.getOrDefault(r, List.of()));
      for (IndexRule rule : indexRules) {
        rule.check(index, context, reporter);
      }
    }
    Collections.sort(findings);
    return findings;
  }

  /** Turns reports into findings, applying rule selection, severities and suppressions. */
  private static final class SelectingReporter implements Reporter {
    private final LintOptions options;
    private final List<Finding> out;

    SelectingReporter(LintOptions options, List<Finding> out) {
      this.options = options;
      this.out = out;
    }

    @Override
    public void report(
        RuleInfo rule,
        Resource resource,
        FieldPath field,
        String message,
        List<RelatedLocation> related) {
      if (!options.rules().isEnabled(rule.id()) || Suppressions.isSuppressed(resource, rule)) {
        return;
      }
      out.add(
          new Finding(
              rule.id(),
              rule.name(),
              options.rules().severity(rule),
              message,
              resource.positionOf(field),
              resource.ref(),
              field.toString(),
              related));
    }
  }
}
