package dev.spl.cli.read;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/**
 * Flux's post-build substitution, case by case as drone's envsubst and kustomize-controller do it.
 */
class FluxSubstitutionTest {
  private final FluxSubstitution known =
      new FluxSubstitution(Map.of("APP", "web", "EMPTY", ""), true);

  @Test
  void variablesWithAndWithoutBracesAreReplaced() {
    assertEquals("name: web-session web", known.substitute("name: ${APP}-session $APP"));
  }

  @Test
  void defaultsApplyAsInBash() {
    assertEquals("2d", known.substitute("${TIMEOUT:=2d}"), "unset: the default");
    assertEquals("1h", known.substitute("${EMPTY:-1h}"), "empty, with a colon: the default");
    assertEquals("", known.substitute("${EMPTY-1h}"), "empty, without a colon: the value");
    assertEquals("web", known.substitute("${APP:=other}"), "set: the value");
  }

  @Test
  void anUnsetVariableIsEmptyWhenEverySourceWasRead() {
    assertEquals("host: .example.com", known.substitute("host: ${SUB}.example.com"));
  }

  @Test
  void dollarDollarIsALiteralDollar() {
    assertEquals("echo ${HOME} $APP", known.substitute("echo $${HOME} $$APP"));
  }

  @Test
  void anObjectThatOptsOutIsLeftAlone() {
    String stream =
        "kind: A\nname: ${APP}\n---\nkind: B\nmetadata:\n  annotations:\n"
            + "    kustomize.toolkit.fluxcd.io/substitute: disabled\nname: ${APP}\n";
    assertEquals(
        "kind: A\nname: web\n---\nkind: B\nmetadata:\n  annotations:\n"
            + "    kustomize.toolkit.fluxcd.io/substitute: disabled\nname: ${APP}\n",
        known.apply(stream));
  }

  @Test
  void whatASourceSplCouldNotReadMaySetStaysAsWrittenAndIsNamed() {
    FluxSubstitution partial = new FluxSubstitution(Map.of("APP", "web"), false);
    assertEquals("web ${DOMAIN} ${TIMEOUT:=2d}", partial.apply("${APP} ${DOMAIN} ${TIMEOUT:=2d}"));
    assertEquals(Set.of("DOMAIN", "TIMEOUT"), partial.unresolved());
    assertEquals(true, FluxSubstitution.holds("x-${DOMAIN}", Set.of("DOMAIN")));
    assertEquals(false, FluxSubstitution.holds("x-${APP}", Set.of("DOMAIN")));
  }

  @Test
  void withNoVariablesNothingIsSubstituted() {
    // Flux substitutes only when some variable is set: $HOME in a script stays
    assertEquals("run: $HOME/x", new FluxSubstitution(Map.of(), true).apply("run: $HOME/x"));
  }
}
