package dev.spl;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.catalogue.RuleSelection;
import dev.spl.index.ControllerVersions;
import dev.spl.index.IndexFields;
import dev.spl.index.Inputs;
import dev.spl.index.LiveIndex;
import dev.spl.index.ResourceIndex;
import dev.spl.index.Unit;
import dev.spl.index.UnitBuilds;
import dev.spl.load.LoadProblem;
import dev.spl.load.LoadedInput;
import dev.spl.model.FieldPath;
import dev.spl.model.Finding;
import dev.spl.model.Fix;
import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import dev.spl.model.RelatedLocation;
import dev.spl.model.Resource;
import dev.spl.model.ResourceLocation;
import dev.spl.model.Severity;
import dev.spl.model.SharedStrings;
import dev.spl.rules.IndexRule;
import dev.spl.rules.LoadProblemRule;
import dev.spl.rules.Reporter;
import dev.spl.rules.ResourceRule;
import dev.spl.rules.Rule;
import dev.spl.rules.RuleContext;
import dev.spl.rules.RuleInfo;
import dev.spl.rules.RuleNames;
import dev.spl.rules.SessionPersistenceRule;
import dev.spl.schema.CrdsInSight;
import dev.spl.schema.GatewayApiVersion;
import dev.spl.schema.SessionPersistenceLocator;
import dev.spl.schema.SessionPersistenceSite;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * The rule engine: resources in, findings out. It knows nothing of files, terminals or HTTP; the
 * CLI and the webhook are adapters around it.
 */
public final class Engine {
  private final List<ResourceRule> resourceRules = new ArrayList<>();
  private final List<SessionPersistenceRule> persistenceRules = new ArrayList<>();
  private final List<IndexRule> indexRules = new ArrayList<>();
  private final Inputs inputs;
  // what each single-object rule declares it reads, asked once: the engine gives it nothing else
  private final Map<ResourceRule, Inputs> declared = new IdentityHashMap<>();
  private static final RuleNames RULE_NAMES =
      RuleNames.of(BuiltInRules.all().stream().map(Rule::info).toList());
  // the rule that names each kind of problem the loader meets, as the rule declares it
  private static final Map<LoadProblem.Kind, RuleInfo> LOAD_PROBLEM_RULES =
      BuiltInRules.all().stream()
          .filter(LoadProblemRule.class::isInstance)
          .map(LoadProblemRule.class::cast)
          .collect(
              java.util.stream.Collectors.toUnmodifiableMap(LoadProblemRule::reports, Rule::info));

  public Engine() {
    this(BuiltInRules.all());
  }

  public Engine(List<Rule> rules) {
    inputs = BuiltInRules.inputsOf(rules);
    for (Rule r : rules) {
      if (r instanceof ResourceRule rr) {
        resourceRules.add(rr);
        declared.put(rr, rr.inputs());
      }
      if (r instanceof SessionPersistenceRule sr) {
        persistenceRules.add(sr);
      }
      if (r instanceof IndexRule ir) {
        indexRules.add(ir);
      }
    }
  }

  private static <R extends Rule> List<R> on(List<R> rules, RuleSelection selection) {
    return rules.stream().filter(r -> selection.isEnabled(r.info().id())).toList();
  }

  /** Lints what the loader read: its problems become SPL001/SPL002 findings. */
  public LintResult lint(LoadedInput input, LintOptions options) {
    LintRun run = start(withClassesOf(input.resources(), options));
    run.accept(input);
    return run.finish(input.files(), input.documents());
  }

  /** Lints resources; findings are sorted by file, line, column and rule. */
  public List<Finding> lint(List<Resource> resources, LintOptions options) {
    LintRun run = start(withClassesOf(resources, options));
    run.accept(new LoadedInput(resources, List.of(), List.of(), 0, 0));
    return run.finish(0, 0).findings();
  }

  /**
   * {@code options} with the IngressClasses of {@code resources}, when the options name none: a
   * whole input given at once says itself which controller serves which class (a streaming lint's
   * caller finds them first, as spl lint does).
   */
  private static LintOptions withClassesOf(List<Resource> resources, LintOptions options) {
    return options.ingressClasses().isEmpty()
        ? options.withIngressClasses(dev.spl.index.IngressClasses.of(resources))
        : options;
  }

  /**
   * Starts a lint that takes its input in parts (a file at a time): single-object rules run as each
   * part arrives, and only the resources the cross-resource index needs are kept until {@link
   * LintRun#finish}. Memory is then bounded by those resources, not by the input.
   */
  public LintRun start(LintOptions options) {
    return new LintRun(options, RunMode.DEFAULT);
  }

  /** {@link #start(LintOptions)}, run as {@code mode} says. */
  public LintRun start(LintOptions options, RunMode mode) {
    return new LintRun(options, mode);
  }

  /**
   * How one lint runs, decided when it starts (what it checks is {@link LintOptions}'s).
   *
   * @param listResources {@link LintResult#linted} lists every resource linted, for reports that
   *     name each one; off by default: it is the one thing a lint would otherwise keep per document
   * @param isolateRuleFailures a rule that throws (a bug in spl) loses only its own findings on the
   *     object it was checking, the failure kept for {@link LintRun#ruleFailures}; off by default:
   *     tests, the fuzzer and the webhook want the exception
   * @param deadlineNanos when present ({@link System#nanoTime} scale), the next rule to start after
   *     it throws {@link LintDeadlineExceeded}: for callers whose own caller stops waiting (an
   *     admission review the API server has given up on), so no work goes on for nobody
   * @param onlyUnits when present, the cross-resource rules run for these units' builds only: what
   *     an edit in them can change
   */
  public record RunMode(
      boolean listResources,
      boolean isolateRuleFailures,
      java.util.OptionalLong deadlineNanos,
      java.util.Optional<Set<Unit>> onlyUnits) {
    public static final RunMode DEFAULT =
        new RunMode(false, false, java.util.OptionalLong.empty(), java.util.Optional.empty());

    public RunMode {
      onlyUnits = onlyUnits.map(Set::copyOf);
    }

    public RunMode listingResources() {
      return new RunMode(true, isolateRuleFailures, deadlineNanos, onlyUnits);
    }

    public RunMode isolatingRuleFailures() {
      return new RunMode(listResources, true, deadlineNanos, onlyUnits);
    }

    public RunMode until(long nanos) {
      return new RunMode(
          listResources, isolateRuleFailures, java.util.OptionalLong.of(nanos), onlyUnits);
    }

    public RunMode onlyUnits(Set<Unit> wanted) {
      return new RunMode(
          listResources, isolateRuleFailures, deadlineNanos, java.util.Optional.of(wanted));
    }
  }

  private record ContextKey(
      GatewayApiVersion version, CrdsInSight crds, ControllerVersions controllers) {}

  /** One lint in progress. Not thread-safe; one per lint. */
  public final class LintRun implements PartSink {
    private static final int KEEP_WHOLE = 1000;

    private final LintOptions options;
    private final RuleContext context;
    // One context per version and CRD set in sight: parts share them.
    private final Map<ContextKey, RuleContext> contexts = new java.util.HashMap<>();
    private final List<Finding> findings = new ArrayList<>();
    private final Reporter reporter;
    private final List<Resource> indexed = new ArrayList<>();
    private final Map<Resource, List<SessionPersistenceSite>> sites = new IdentityHashMap<>();
    private final IndexFields indexFields = new IndexFields(inputs);
    private final List<ResourceLocation> linted = new ArrayList<>();
    // The units (builds that would run together) a kept resource belongs to; absent: every unit.
    private final Map<Resource, Set<Unit>> unitsOf = new IdentityHashMap<>();
    private final Set<Unit> units = new TreeSet<>();
    private final Set<Unit> standAlone = new java.util.HashSet<>();
    private int resourceCount;
    private final boolean listResources;
    private final long deadlineNanos;
    private final boolean hasDeadline;
    private boolean projectAll;
    private final boolean isolate;
    private final Set<Unit> wantedUnits; // null: every unit
    private final List<RuleFailure> failures = new ArrayList<>();
    // The rules this lint runs: those its judgement leaves on. A configuration per file can give a
    // rule another severity, never switch one back on (RuleSelection.withLevels), so a rule off
    // here could report nothing anywhere; running it would only cost time (and for the CRD's own
    // CEL rules, which the webhook's reviews leave to the API server, the CEL runtime: issue 28).
    private final List<ResourceRule> resourceRulesOn;
    // per catalogued kind (null: a kind spl does not catalogue), the rules that read it
    private final Map<KindCatalogue.Kind, List<ResourceRule>> resourceRulesByKind = new HashMap<>();
    private final List<SessionPersistenceRule> persistenceRulesOn;
    private final List<IndexRule> indexRulesOn;

    private LintRun(LintOptions options, RunMode mode) {
      this.options = options;
      this.listResources = mode.listResources();
      this.isolate = mode.isolateRuleFailures();
      this.hasDeadline = mode.deadlineNanos().isPresent();
      this.deadlineNanos = mode.deadlineNanos().orElse(0);
      this.wantedUnits = mode.onlyUnits().orElse(null);
      RuleSelection selection = options.judgement().rules();
      this.resourceRulesOn = on(resourceRules, selection);
      this.persistenceRulesOn = on(persistenceRules, selection);
      this.indexRulesOn = on(indexRules, selection);
      this.context =
          new RuleContext(
              options.version(),
              options.ingressClasses(),
              RULE_NAMES,
              null,
              options.controllerVersions());
      this.reporter = new SelectingReporter(options, findings, this::checkDeadline);
    }

    /**
     * Keeps only what the cross-resource rules declare they read of every resource, as a large lint
     * does past its first resources: for tests that hold rules to their declarations.
     */
    LintRun projectingAll() {
      projectAll = true;
      return this;
    }

    /**
     * The rules that threw, when {@link RunMode#isolateRuleFailures isolated}, in the order they
     * did.
     */
    public List<RuleFailure> ruleFailures() {
      return List.copyOf(failures);
    }

    /** Runs {@code check}, a rule's on {@code resource} (null: on the whole input), isolated. */
    private void isolated(Rule rule, Resource resource, Runnable check) {
      try {
        check.run();
      } catch (LintDeadlineExceeded late) {
        throw late;
      } catch (RuntimeException bug) {
        String where =
            resource == null
                ? "the input as a whole"
                : resource.ref().describe() + " at " + resource.position();
        failures.add(new RuleFailure(rule.info().id(), rule.info().name(), where, bug));
      }
    }

    /**
     * Throws past the deadline, or when the thread was interrupted (a caller that stopped waiting
     * cancels the lint). Checked between rules and at every report, so a rule that reports much is
     * stopped inside its run too.
     */
    private void checkDeadline() {
      if (hasDeadline && System.nanoTime() - deadlineNanos > 0
          || Thread.currentThread().isInterrupted()) {
        throw new LintDeadlineExceeded();
      }
    }

    /**
     * Marks {@code unit} as one that stands alone (an example, a test fixture): its objects still
     * see what they name elsewhere in the input, but never meet another unit's objects through it.
     */
    @Override
    public LintRun standAlone(Unit unit) {
      standAlone.add(unit);
      return this;
    }

    /** Lints one part of the input with the single-object rules, for the run's version. */
    public void accept(LoadedInput part) {
      accept(part, options.version(), Set.of());
    }

    /**
     * Lints one part of the input with the single-object rules, for {@code version}.
     *
     * @param units the units this part belongs to: builds that would run together (a kustomize
     *     overlay that uses it, a chart's release, a directory, one example file). The
     *     cross-resource rules see each unit apart ({@link UnitBuilds}: units meet only through
     *     objects they name), with the parts that belong to none shared by all. Empty: the part
     *     belongs to every unit.
     */
    @Override
    public void accept(LoadedInput part, GatewayApiVersion version, Set<Unit> units) {
      accept(part, version, units, null, true);
    }

    @Override
    public void accept(
        LoadedInput part, GatewayApiVersion version, Set<Unit> units, CrdsInSight crds) {
      accept(part, version, units, crds, true);
    }

    /**
     * Keeps one part for the cross-resource rules without linting it alone: an editor's other
     * files, whose own findings did not change with the edited one's text.
     */
    public void acceptForIndex(LoadedInput part, GatewayApiVersion version, Set<Unit> units) {
      accept(part, version, units, null, false);
    }

    private void accept(
        LoadedInput part,
        GatewayApiVersion version,
        Set<Unit> units,
        CrdsInSight crds,
        boolean alone) {
      // a part is one file (or one template's text): its .spl.yaml may name its controllers
      ControllerVersions controllers =
          options.controllersFor(
              part.resources().isEmpty() || part.resources().get(0).position() == null
                  ? null
                  : part.resources().get(0).position().file());
      RuleContext partContext =
          contexts.computeIfAbsent(
              new ContextKey(version, crds, controllers),
              k ->
                  new RuleContext(
                      version, options.ingressClasses(), RULE_NAMES, crds, controllers));
      for (LoadProblem p : alone ? part.problems() : List.<LoadProblem>of()) {
        RuleInfo rule = LOAD_PROBLEM_RULES.get(p.kind());
        Severity severity = options.judgementFor(p.position().file()).judge(rule, p.resource());
        if (severity != null) {
          findings.add(
              new Finding(
                  rule.id(),
                  rule.name(),
                  severity,
                  p.message(),
                  p.position(),
                  p.resource(),
                  "",
                  List.of()));
        }
      }
      for (Resource resource : part.resources()) {
        resourceCount++;
        if (listResources) {
          linted.add(new ResourceLocation(resource.position(), resource.ref()));
        }
        for (ResourceRule rule : alone ? rulesReading(resource) : List.<ResourceRule>of()) {
          checkDeadline();
          if (!isolate) {
            rule.check(resource, partContext, reporter);
          } else {
            isolated(rule, resource, () -> rule.check(resource, partContext, reporter));
          }
        }
        List<SessionPersistenceSite> own = List.of();
        if (resource.attachment() != null) {
          own = new ArrayList<>(SessionPersistenceLocator.find(resource, version, crds));
          boolean pruned = prunedBy(crds, resource);
          for (SessionPersistenceSite site : own) {
            boolean foreign = site.writtenFor().isPresent();
            boolean dropped = pruned && site.attachment() != dev.spl.model.AttachmentPoint.BACKEND;
            for (SessionPersistenceRule rule : persistenceRulesOn) {
              boolean judges =
                  dropped ? rule.checksPrunedFields() : !foreign || rule.checksForeignShapes();
              if (alone && judges) {
                checkDeadline();
                if (!isolate) {
                  rule.check(site, partContext, reporter);
                } else {
                  isolated(rule, resource, () -> rule.check(site, partContext, reporter));
                }
              }
            }
          }
          // An object of another version's shape is reported once; it takes no part in the rest,
          // nor does a field the CRD in sight prunes: no persistence reaches the cluster.
          own.removeIf(
              site ->
                  site.writtenFor().isPresent()
                      || pruned && site.attachment() != dev.spl.model.AttachmentPoint.BACKEND);
        }
        if (ResourceIndex.isIndexed(resource) && !indexRulesOn.isEmpty()) {
          Resource kept = keep(resource, own);
          if (kept != null && !units.isEmpty()) {
            unitsOf.put(kept, units);
            this.units.addAll(units);
          }
        }
      }
    }

    /** The single-object rules this run has on that declare they read {@code resource}'s kind. */
    private List<ResourceRule> rulesReading(Resource resource) {
      return resourceRulesByKind.computeIfAbsent(
          resource.catalogued(),
          kind -> resourceRulesOn.stream().filter(r -> declared.get(r).reads(kind)).toList());
    }

    /**
     * Keeps {@code resource} for the cross-resource rules. A small lint (a webhook review, a
     * pre-commit run) keeps resources whole: copying would cost more than it saves. Past {@value
     * #KEEP_WHOLE} resources only the fields these rules read are kept, which is what bounds a
     * large lint's memory.
     */
    private Resource keep(Resource resource, List<SessionPersistenceSite> own) {
      // Workloads are many and large (pod specs) and the rules read two fields of them: always
      // keep only those.
      boolean whole =
          indexed.size() < KEEP_WHOLE && !projectAll && resource.role() != KindRole.WORKLOAD;
      Resource kept = whole ? resource : indexFields.project(resource);
      if (kept == null) {
        return null; // no cross-resource rule reads this kind
      }
      indexed.add(kept);
      if (!own.isEmpty()) {
        sites.put(kept, kept == resource ? own : IndexFields.keptSites(kept, own));
      }
      return kept;
    }

    /** Runs the cross-resource rules over {@code build}; findings count on {@code owned} only. */
    private void checkBuild(List<Resource> build, Set<Resource> owned) {
      ResourceIndex index = ResourceIndex.build(build, r -> sites.getOrDefault(r, List.of()));
      Reporter to =
          owned == null
              ? reporter
              : (rule, resource, field, message, related, fix) -> {
                if (owned.contains(resource)) {
                  reporter.report(rule, resource, field, message, related, fix);
                }
              };
      for (IndexRule rule : indexRulesOn) {
        checkDeadline();
        if (!isolate) {
          rule.check(index, context, to);
        } else {
          isolated(rule, null, () -> rule.check(index, context, to));
        }
      }
    }

    /**
     * Adds objects a {@link LiveIndex} keeps, already validated and projected: only the
     * cross-resource rules see them (an admission webhook's neighbours of the reviewed object).
     */
    public void acceptKept(Collection<LiveIndex.Entry> kept) {
      for (LiveIndex.Entry e : kept) {
        indexed.add(e.resource());
        if (!e.sites().isEmpty()) {
          sites.put(e.resource(), e.sites());
        }
      }
    }

    /** Runs the cross-resource rules over everything accepted and returns the sorted findings. */
    public LintResult finish(int files, int documents) {
      if (!indexRulesOn.isEmpty() && units.isEmpty()) {
        checkBuild(indexed, null);
      } else if (!indexRulesOn.isEmpty()) {
        // Each unit is one build: its own resources, the shared ones, and what reaches across
        // units by reference. A shared finding comes up once per build; the set keeps it once.
        for (UnitBuilds.Build build : UnitBuilds.of(indexed, unitsOf, units, standAlone)) {
          if (wantedUnits == null || wantedUnits.contains(build.unit())) {
            checkBuild(build.resources(), build.owned());
          }
        }
        Set<Finding> unique = new LinkedHashSet<>(findings);
        findings.clear();
        findings.addAll(unique);
      }
      Collections.sort(findings);
      return new LintResult(
          List.copyOf(findings), files, documents, resourceCount, List.copyOf(linted));
    }
  }

  /** A rule that threw while checking {@code where}: a bug in spl, to be reported. */
  public record RuleFailure(String ruleId, String ruleName, String where, RuntimeException error) {}

  /** Turns reports into findings, applying rule selection, severities and suppressions. */
  private static final class SelectingReporter implements Reporter {
    private final LintOptions options;
    private final List<Finding> out;
    // A large lint repeats the same messages and field paths thousands of times: keep one copy.
    private final SharedStrings texts = new SharedStrings(1 << 16);

    /**
     * At most this many findings of one rule on one object: past it, one finding says the rest are
     * left out. An object with 10,000 annotations must not make 10,000 findings (and denial lines)
     * of one rule.
     */
    static final int MAX_PER_RULE_AND_OBJECT = 50;

    // findings so far per rule and object (by identity), to bound them
    private final Map<Resource, Map<String, Integer>> counts = new IdentityHashMap<>();

    private final Runnable deadlineCheck;

    // One judgement per file (a .spl.yaml per directory): looked up once, findings are many.
    private final Map<String, Judgement> judgements = new java.util.HashMap<>();

    private Judgement judgementFor(Resource resource) {
      String file = resource.position() == null ? null : resource.position().file();
      return file == null
          ? options.judgement()
          : judgements.computeIfAbsent(file, options::judgementFor);
    }

    SelectingReporter(LintOptions options, List<Finding> out, Runnable deadlineCheck) {
      this.options = options;
      this.out = out;
      this.deadlineCheck = deadlineCheck;
    }

    @Override
    public void report(
        RuleInfo rule,
        Resource resource,
        FieldPath field,
        String message,
        List<RelatedLocation> related,
        Fix fix) {
      deadlineCheck.run();
      Severity severity = judgementFor(resource).judge(rule, resource);
      if (severity == null) {
        return;
      }
      int n =
          counts
              .computeIfAbsent(resource, r -> new java.util.HashMap<>())
              .merge(rule.id(), 1, Integer::sum);
      if (n > MAX_PER_RULE_AND_OBJECT + 1) {
        return;
      }
      boolean last = n == MAX_PER_RULE_AND_OBJECT + 1;
      out.add(
          new Finding(
              rule.id(),
              rule.name(),
              severity,
              last
                  ? "more "
                      + rule.id()
                      + " findings on this object are left out (at most "
                      + MAX_PER_RULE_AND_OBJECT
                      + " are listed)"
                  : texts.share(message),
              last ? resource.position() : resource.positionOf(field),
              resource.ref(),
              last ? "" : texts.share(field.toString()),
              last ? List.of() : related,
              last ? null : fix));
    }
  }

  /**
   * True when the Gateway API CRD in sight for {@code resource}'s kind has no sessionPersistence.
   */
  private static boolean prunedBy(dev.spl.schema.CrdsInSight crds, Resource resource) {
    return crds != null
        && crds.of(resource.kind())
            .map(c -> c.persistence() == dev.spl.schema.GatewayApiCrd.Persistence.ABSENT)
            .orElse(false);
  }
}
