package dev.spl.webhook;

import dev.spl.Engine;
import dev.spl.LintDeadlineExceeded;
import dev.spl.LintOptions;
import dev.spl.LintResult;
import dev.spl.apiserver.PolicyCoverage;
import dev.spl.catalogue.BuiltInRules;
import dev.spl.config.AdmissionMode;
import dev.spl.config.FailOn;
import dev.spl.config.SplConfig;
import dev.spl.load.LoadedInput;
import dev.spl.load.ManifestLoader;
import dev.spl.model.Finding;
import dev.spl.model.KindCatalogue;
import dev.spl.model.Resource;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.OptionalLong;
import java.util.Set;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;
import tools.jackson.databind.node.ArrayNode;
import tools.jackson.databind.node.ObjectNode;

/**
 * Admission as a function: an AdmissionReview v1 request in, the AdmissionReview response out,
 * through the same engine and messages as {@code spl lint}. No HTTP here; the server wraps it.
 */
final class AdmissionHandler {
  static final int MAX_WARNINGS = 5;
  static final int MAX_WARNING_LENGTH = 256;
  private static final int MAX_MESSAGE_LENGTH = 3000;
  private static final JsonMapper JSON = JsonMapper.builder().build();

  private static final Set<String> REVIEWED_KIND_NAMES =
      dev.spl.catalogue.BuiltInRules.reviewedKinds().stream()
          .map(KindCatalogue.Kind::kind)
          .collect(java.util.stream.Collectors.toUnmodifiableSet());

  /** True for the kind names this handler reviews (the metrics' fixed label values). */
  static boolean reviewsKind(String kind) {
    return REVIEWED_KIND_NAMES.contains(kind);
  }

  /**
   * The rules a review leaves to the API server: what its own validation of the type enforces (a
   * CRD's schema and CEL rules, a Service's checks), which it runs before it calls any webhook. The
   * reviewed object has passed them, or was let through on purpose (ratcheting an unchanged field),
   * so here they could only repeat the API server or contradict it; and a review never loads the
   * CEL runtime (issue 28). The background audit keeps them: a stored object can break a CRD
   * installed after it.
   */
  static final List<String> LEFT_TO_VALIDATION =
      PolicyCoverage.validatedBeforeAdmission(BuiltInRules.all());

  /** The rules only a lint can judge (lintOnly): a review does not see what they need. */
  static final List<String> LEFT_TO_LINT = PolicyCoverage.lintOnly(BuiltInRules.all());

  /**
   * {@code options} as a review runs them: without {@link #LEFT_TO_VALIDATION} and {@link
   * #LEFT_TO_LINT}.
   */
  static LintOptions reviewing(LintOptions options) {
    Map<String, Severity> off = new HashMap<>();
    LEFT_TO_VALIDATION.forEach(id -> off.put(id, null));
    LEFT_TO_LINT.forEach(id -> off.put(id, null));
    return options.withJudgement(options.judgement().withLevels(off));
  }

  private final Engine engine;
  private final LintOptions options;
  private final ClusterState cluster;
  private final boolean failClosed;
  private final java.util.function.Supplier<SplConfig> config;
  private final AdmissionMode defaultMode;

  /** What one review decided, for the response, the log line and the metrics. */
  record Outcome(
      JsonNode review,
      String uid,
      String kind,
      String operation,
      String namespace,
      String name,
      boolean dryRun,
      String verdict,
      List<Finding> findings,
      boolean internalError) {}

  AdmissionHandler(Engine engine, LintOptions options, ClusterState cluster, boolean failClosed) {
    this(engine, options, cluster, failClosed, SplConfig::none, AdmissionMode.ENFORCE);
  }

  /**
   * @param config the admin's .spl.yaml as it is now (read at each review: reloads apply at once)
   * @param defaultMode the mode when neither the request's path nor the config sets one
   */
  AdmissionHandler(
      Engine engine,
      LintOptions options,
      ClusterState cluster,
      boolean failClosed,
      java.util.function.Supplier<SplConfig> config,
      AdmissionMode defaultMode) {
    this.engine = engine;
    this.options = reviewing(options);
    this.cluster = cluster;
    this.failClosed = failClosed;
    this.config = config;
    this.defaultMode = defaultMode;
  }

  Outcome review(JsonNode body) throws InvalidReviewException {
    return review(body, OptionalLong.empty());
  }

  /**
   * Reviews {@code body}, giving up at {@code deadlineNanos} ({@link System#nanoTime} scale): past
   * it the API server no longer waits, so the answer is the failure policy's, and no rule runs on.
   */
  Outcome review(JsonNode body, OptionalLong deadlineNanos) throws InvalidReviewException {
    return review(body, deadlineNanos, null);
  }

  /**
   * As above, in {@code modeOverride} when not null (the webhook path a namespace's label routes
   * its requests to), else in the config's mode, else the default.
   */
  Outcome review(JsonNode body, OptionalLong deadlineNanos, AdmissionMode modeOverride)
      throws InvalidReviewException {
    Request r = Request.of(body);
    if (r.kind() == null
        || !dev.spl.catalogue.BuiltInRules.isReviewed(r.group(), r.kind())
        || !(r.operation().equals("CREATE") || r.operation().equals("UPDATE"))) {
      return r.answer(response(r.uid(), true, null, List.of()), "skipped", List.of(), false);
    }
    JsonNode object = r.node().get("object");
    if (object == null || !object.isObject()) {
      throw new InvalidReviewException("request.object is missing for " + r.operation());
    }
    JsonNode metadata = object.get("metadata");
    if (metadata != null && text(metadata, "name") != null) {
      r = r.named(text(metadata, "name")); // request.name is empty for generateName on CREATE
    }
    if (metadata != null
        && metadata.hasNonNull("deletionTimestamp")
        && !changesMoreThanFinalizers(object, r.node().get("oldObject"))) {
      // Being deleted: its finalizers must be able to go, whatever it breaks. An update that
      // changes more is judged: a finalizer of the author's own must not keep a Terminating
      // object open to any change.
      return r.answer(response(r.uid(), true, null, List.of()), "allowed", List.of(), false);
    }
    SplConfig admin = config.get();
    AdmissionMode mode =
        modeOverride != null
            ? modeOverride
            : admin.admission().mode() != null ? admin.admission().mode() : defaultMode;
    if (mode == AdmissionMode.AUDIT_ONLY) {
      return r.answer(response(r.uid(), true, null, List.of()), "allowed", List.of(), false);
    }
    try {
      return judgeBefore(r, object, mode, admin, deadlineNanos);
    } catch (RuntimeException bug) {
      // A rule failed or time ran out: answer anyway, as configured, rather than fail the API
      // server's request.
      boolean late = bug instanceof LintDeadlineExceeded;
      String what =
          late
              ? "spl did not finish before the review's timeout; object not checked"
              : "spl internal error (" + bug.getClass().getSimpleName() + "); object not checked";
      JsonNode review =
          failClosed
              ? response(r.uid(), false, what, List.of())
              : response(r.uid(), true, null, List.of(truncate(what)));
      return r.answer(review, failClosed ? "denied" : late ? "timeout" : "error", List.of(), !late);
    }
  }

  /**
   * Reviews run on their own threads, so that the answer leaves at the deadline even while a rule
   * still runs (the engine stops at its next check): the API server is answered as the failure
   * policy says instead of waiting. Bounded; a review that finds every thread busy runs on the
   * request's own thread.
   */
  private static final java.util.concurrent.ThreadPoolExecutor REVIEWS =
      new java.util.concurrent.ThreadPoolExecutor(
          Math.max(4, 2 * Runtime.getRuntime().availableProcessors()),
          Math.max(4, 2 * Runtime.getRuntime().availableProcessors()),
          30,
          java.util.concurrent.TimeUnit.SECONDS,
          new java.util.concurrent.ArrayBlockingQueue<>(256),
          task -> {
            Thread t = new Thread(task, "spl-review");
            t.setDaemon(true);
            return t;
          },
          new java.util.concurrent.ThreadPoolExecutor.CallerRunsPolicy());

  static {
    REVIEWS.allowCoreThreadTimeOut(true); // idle: no threads held
  }

  /** {@link #judge}, answered by the deadline whatever a rule still does. */
  private Outcome judgeBefore(
      Request r, JsonNode object, AdmissionMode mode, SplConfig admin, OptionalLong deadlineNanos) {
    if (deadlineNanos.isEmpty()) {
      return judge(r, object, mode, admin, deadlineNanos);
    }
    // The task hands back what judge threw, so that it is rethrown as it was.
    java.util.concurrent.Future<Judged> review =
        REVIEWS.submit(
            () -> {
              try {
                return new Judged(judge(r, object, mode, admin, deadlineNanos), null);
              } catch (RuntimeException e) {
                return new Judged(null, e);
              }
            });
    Judged judged;
    try {
      judged =
          review.get(
              Math.max(0, deadlineNanos.getAsLong() - System.nanoTime()),
              java.util.concurrent.TimeUnit.NANOSECONDS);
    } catch (java.util.concurrent.TimeoutException late) {
      review.cancel(true);
      throw new LintDeadlineExceeded();
    } catch (java.util.concurrent.ExecutionException error) {
      throw new IllegalStateException(error.getCause()); // an Error in a rule: an internal error
    } catch (InterruptedException stopped) {
      Thread.currentThread().interrupt();
      throw new LintDeadlineExceeded();
    }
    if (judged.failure() != null) {
      throw judged.failure();
    }
    return judged.outcome();
  }

  /** What {@link #judge} gave: its outcome, or what it threw. */
  private record Judged(Outcome outcome, RuntimeException failure) {}

  /**
   * True when an update changes more of an object than its finalizers (and what the API server
   * keeps up to date itself): then an object being deleted is judged like any other.
   */
  static boolean changesMoreThanFinalizers(JsonNode object, JsonNode old) {
    if (old == null || !old.isObject()) {
      return false;
    }
    return !withoutBookkeeping(object).equals(withoutBookkeeping(old));
  }

  private static JsonNode withoutBookkeeping(JsonNode object) {
    tools.jackson.databind.node.ObjectNode copy =
        (tools.jackson.databind.node.ObjectNode) object.deepCopy();
    copy.remove("status");
    if (copy.get("metadata") instanceof tools.jackson.databind.node.ObjectNode m) {
      for (String field :
          List.of(
              "finalizers",
              "resourceVersion",
              "generation",
              "managedFields",
              "deletionTimestamp",
              "deletionGracePeriodSeconds")) {
        m.remove(field);
      }
    }
    return copy;
  }

  /** The verdict on a reviewed object: denied for what reaches failOn (in enforce mode). */
  private Outcome judge(
      Request r, JsonNode object, AdmissionMode mode, SplConfig admin, OptionalLong deadlineNanos) {
    List<Finding> findings = lint(object, r.namespace(), r.uid(), deadlineNanos, admin);
    // An update is judged by what it changes: an error the old object had too only warns, so an
    // object that already breaks a rule can still be labelled, scaled or fixed step by step.
    if (r.operation().equals("UPDATE") && r.node().get("oldObject") instanceof ObjectNode old) {
      findings = demoteExisting(findings, lint(old, r.namespace(), r.uid(), deadlineNanos, admin));
    }
    Severity denyAt =
        mode == AdmissionMode.WARN
            ? null
            : (admin.failOn() == null ? FailOn.ERROR : admin.failOn()).threshold();
    List<Finding> errors =
        findings.stream().filter(f -> denyAt != null && f.severity().isAtLeast(denyAt)).toList();
    List<String> warnings =
        warnings(
            findings.stream()
                .filter(f -> denyAt == null || !f.severity().isAtLeast(denyAt))
                .toList());
    boolean allowed = errors.isEmpty();
    String verdict = !allowed ? "denied" : warnings.isEmpty() ? "allowed" : "warned";
    String message = allowed ? null : denial(r.kind(), r.namespace(), r.name(), errors);
    return r.answer(response(r.uid(), allowed, message, warnings), verdict, findings, false);
  }

  /** What a review is about, read from its request. */
  private record Request(
      JsonNode node,
      String uid,
      String group,
      String kind,
      String operation,
      String namespace,
      String name,
      boolean dryRun) {

    static Request of(JsonNode body) throws InvalidReviewException {
      if (body == null || !body.isObject()) {
        throw new InvalidReviewException("the body is not a JSON object");
      }
      if (!"admission.k8s.io/v1".equals(text(body, "apiVersion"))
          || !"AdmissionReview".equals(text(body, "kind"))) {
        throw new InvalidReviewException(
            "expected an AdmissionReview of apiVersion admission.k8s.io/v1");
      }
      JsonNode request = body.get("request");
      if (request == null || !request.isObject()) {
        throw new InvalidReviewException("the AdmissionReview has no request object");
      }
      String uid = text(request, "uid");
      if (uid == null || uid.isEmpty()) {
        throw new InvalidReviewException("request.uid is missing");
      }
      JsonNode kindNode = request.get("kind");
      return new Request(
          request,
          uid,
          kindNode == null ? null : text(kindNode, "group"),
          kindNode == null ? null : text(kindNode, "kind"),
          String.valueOf(text(request, "operation")),
          text(request, "namespace"),
          text(request, "name"),
          request.has("dryRun") && request.get("dryRun").asBoolean(false));
    }

    Request named(String objectName) {
      return new Request(node, uid, group, kind, operation, namespace, objectName, dryRun);
    }

    Outcome answer(JsonNode review, String verdict, List<Finding> findings, boolean internalError) {
      return new Outcome(
          review,
          uid,
          String.valueOf(kind),
          operation,
          namespace,
          name,
          dryRun,
          verdict,
          findings,
          internalError);
    }
  }

  /**
   * The findings on {@code object}, and the cross-resource ones that involve it, as the admin's
   * configuration has them.
   */
  @SuppressWarnings("unchecked")
  private List<Finding> lint(
      JsonNode object, String namespace, String uid, OptionalLong deadlineNanos, SplConfig admin) {
    // Straight from the decoded tree: writing a 3 MiB object out and parsing it again as YAML
    // cost more than the rules.
    Map<String, Object> plain = JSON.treeToValue(object, Map.class);
    if (namespace != null
        && plain.get("metadata") instanceof Map<?, ?> metadata
        && !metadata.containsKey("namespace")) {
      // CREATE requests may leave it to the request
      ((Map<String, Object>) metadata).put("namespace", namespace);
    }
    LoadedInput input = new ManifestLoader().loadTree("admission:" + uid, plain);
    Set<ResourceRef> refs = new HashSet<>();
    for (Resource r : input.resources()) {
      refs.add(r.ref());
    }
    // The version is the one the cached neighbours were validated for (chosen at start).
    // The admin's configuration judges inside the engine (levels, suppressions, skips, and what
    // an author's ignore.spl.dev annotation may hide, at the configured severity, as the
    // generated ValidatingAdmissionPolicies judge it: an SPL131 raised to error is an error to
    // both).
    // The cluster's IngressClasses say which Ingresses ingress-nginx serves, as spl lint's do.
    Engine.LintRun run =
        engine.start(
            admin.applyTo(options).withIngressClasses(cluster.ingressClasses()),
            deadlineNanos.isPresent()
                ? Engine.RunMode.DEFAULT.until(deadlineNanos.getAsLong())
                : Engine.RunMode.DEFAULT);
    for (Resource r : input.resources()) {
      run.acceptKept(cluster.neighbours(r));
    }
    run.accept(input);
    LintResult result = run.finish(1, 1);
    return result.findings().stream()
        .filter(
            f ->
                f.resource() == null
                    || refs.contains(f.resource())
                    || f.related().stream().anyMatch(r -> refs.contains(r.resource())))
        .toList();
  }

  /** An error the old object had too does not block the update; it is returned as a warning. */
  private static List<Finding> demoteExisting(List<Finding> now, List<Finding> before) {
    Set<Finding.Identity> existing = new HashSet<>();
    before.forEach(f -> existing.add(f.identity()));
    List<Finding> out = new ArrayList<>();
    for (Finding f : now) {
      boolean old = existing.contains(f.identity());
      out.add(old && f.severity() == Severity.ERROR ? f.withSeverity(Severity.WARNING) : f);
    }
    return out;
  }

  static String denial(String kind, String namespace, String name, List<Finding> errors) {
    StringBuilder m =
        new StringBuilder("spl: ")
            .append(kind)
            .append(' ')
            .append(namespace == null || namespace.isEmpty() ? "" : namespace + "/")
            .append(name == null ? "" : name)
            .append(" has ")
            .append(errors.size())
            .append(
                errors.stream().allMatch(f -> f.severity() == Severity.ERROR)
                    ? (errors.size() == 1 ? " error: " : " errors: ")
                    : (errors.size() == 1
                        ? " finding at or above failOn: "
                        : " findings at or above failOn: "));
    for (int i = 0; i < errors.size(); i++) {
      Finding f = errors.get(i);
      String item =
          (i == 0 ? "" : "; ")
              + "["
              + f.ruleId()
              + "] "
              + (f.field().isEmpty() ? "" : f.field() + ": ")
              + f.message();
      if (m.length() + item.length() > MAX_MESSAGE_LENGTH) {
        // Every rule id is still named, so the author knows what to look up.
        if (i == 0) {
          m.append(cut(item, MAX_MESSAGE_LENGTH / 2));
          i++;
        }
        if (i < errors.size()) {
          m.append("; and ")
              .append(errors.size() - i)
              .append(" more: ")
              .append(
                  String.join(
                      ", ",
                      errors.subList(i, errors.size()).stream().map(Finding::ruleId).toList()))
              .append(" (run spl lint for all)");
        }
        break;
      }
      m.append(item);
    }
    return m.toString();
  }

  /** Warnings as the API server shows them to kubectl: few, short, never over 256 characters. */
  static List<String> warnings(List<Finding> findings) {
    List<String> out = new ArrayList<>();
    for (int i = 0; i < findings.size(); i++) {
      if (i == MAX_WARNINGS - 1 && findings.size() > MAX_WARNINGS) {
        out.add("spl: " + (findings.size() - i) + " more warnings; run spl lint for all");
        break;
      }
      Finding f = findings.get(i);
      out.add(
          truncate(f.ruleId() + " " + (f.field().isEmpty() ? "" : f.field() + ": ") + f.message()));
    }
    return out;
  }

  static String truncate(String s) {
    return cut(s, MAX_WARNING_LENGTH);
  }

  /**
   * {@code s} in at most {@code max} characters, ending in an ellipsis, never half a code point.
   */
  static String cut(String s, int max) {
    if (s.length() <= max) {
      return s;
    }
    int end = max - 1;
    if (Character.isHighSurrogate(s.charAt(end - 1))) {
      end--;
    }
    return s.substring(0, end) + "\u2026";
  }

  private static JsonNode response(
      String uid, boolean allowed, String message, List<String> warnings) {
    ObjectNode review = JSON.createObjectNode();
    review.put("apiVersion", "admission.k8s.io/v1");
    review.put("kind", "AdmissionReview");
    ObjectNode response = review.putObject("response");
    response.put("uid", uid);
    response.put("allowed", allowed);
    if (!allowed) {
      ObjectNode status = response.putObject("status");
      status.put("code", 422);
      status.put("reason", "Invalid");
      status.put("message", message);
    }
    if (!warnings.isEmpty()) {
      ArrayNode list = response.putArray("warnings");
      warnings.forEach(list::add);
    }
    return review;
  }

  private static String text(JsonNode node, String field) {
    JsonNode v = node.get(field);
    return v != null && v.isString() ? v.asString() : null;
  }
}
