package dev.spl.apiserver.policies;

import dev.spl.catalogue.BuiltInRules;
import dev.spl.policy.ApiServerPolicy;
import dev.spl.rules.Rule;
import java.lang.reflect.InvocationTargetException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Every rule's ValidatingAdmissionPolicy check, one class each, found by its name: the policy of
 * rule {@code Foo} is {@code FooPolicy} in this package, so a rule's policy needs no list to be
 * registered in. A rule has a policy or says in its {@code @RuleDefinition(noPolicyBecause = ...)}
 * why not; PolicyCoverageTest holds the two together, and that no policy class is an orphan.
 */
public final class ApiServerPolicies {
  // by rule class; a rule without a policy maps to empty
  private static final Map<Class<?>, Optional<ApiServerPolicy>> BY_RULE = new ConcurrentHashMap<>();

  private ApiServerPolicies() {}

  /** Every policy, in the catalogue's order of their rules. */
  public static List<ApiServerPolicy> all() {
    return BuiltInRules.all().stream().flatMap(r -> of(r).stream()).toList();
  }

  /** The policy of {@code rule}, if the API server can judge it. */
  public static Optional<ApiServerPolicy> of(Rule rule) {
    return BY_RULE.computeIfAbsent(rule.getClass(), ApiServerPolicies::find);
  }

  /** The name a rule's policy class has: the rule's simple name and "Policy", in this package. */
  public static String policyClassName(Class<?> rule) {
    return ApiServerPolicies.class.getPackageName() + "." + rule.getSimpleName() + "Policy";
  }

  private static Optional<ApiServerPolicy> find(Class<?> rule) {
    Class<?> policy;
    try {
      policy = Class.forName(policyClassName(rule));
    } catch (ClassNotFoundException none) {
      return Optional.empty();
    }
    try {
      ApiServerPolicy p = (ApiServerPolicy) policy.getDeclaredConstructor().newInstance();
      if (p.rule() != rule) {
        throw new IllegalStateException(policy.getName() + " is the policy of " + p.rule());
      }
      return Optional.of(p);
    } catch (NoSuchMethodException
        | InstantiationException
        | IllegalAccessException
        | InvocationTargetException e) {
      throw new IllegalStateException("cannot make " + policy.getName(), e);
    }
  }
}
