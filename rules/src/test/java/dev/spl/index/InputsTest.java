package dev.spl.index;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.spl.model.KindCatalogue;
import dev.spl.model.KindRole;
import dev.spl.model.Kinds;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** What a rule declares it reads: built up, taken apart, and asked. */
class InputsTest {
  private static final KindCatalogue.Kind SERVICE = KindCatalogue.find("", Kinds.SERVICE);
  private static final KindCatalogue.Kind INGRESS_CLASS =
      KindCatalogue.find("networking.k8s.io", Kinds.INGRESS_CLASS);

  private static final Inputs INGRESS_RULE =
      Inputs.of(KindRole.INGRESS, "rules", "tls")
          .andAnnotations(KindRole.INGRESS, "nginx.org/")
          .and(KindRole.INGRESS_CLASS, "controller")
          .and(Kinds.SERVICE, "sessionAffinity");

  @Test
  void kindsAreListedInCatalogueOrderAndAnnotationsImplyTheirKind() {
    List<KindCatalogue.Kind> kinds = INGRESS_RULE.kinds();
    assertTrue(kinds.contains(SERVICE) && kinds.contains(INGRESS_CLASS), kinds.toString());
    assertEquals(
        KindCatalogue.all().stream().filter(kinds::contains).toList(), kinds, "catalogue order");
    Inputs annotationsOnly = Inputs.NONE.andAnnotations(Kinds.SERVICE, "traefik.ingress");
    assertEquals(List.of(SERVICE), annotationsOnly.kinds());
    assertTrue(annotationsOnly.readsAnnotation(SERVICE, "traefik.ingress.kubernetes.io/x"));
    assertFalse(annotationsOnly.readsAnnotation(SERVICE, "other/x"));
    assertFalse(annotationsOnly.readsAnnotation(INGRESS_CLASS, "traefik.ingress.kubernetes.io/x"));
  }

  @Test
  void pathsAreReadWithWhatIsBelowThemOnly() {
    assertTrue(INGRESS_RULE.reads(KindRole.INGRESS, "rules"));
    assertTrue(INGRESS_RULE.reads(KindRole.INGRESS, "rules.http.paths"));
    assertFalse(INGRESS_RULE.reads(KindRole.INGRESS, "rulesets"), "a prefix of a name is no path");
    assertFalse(INGRESS_RULE.reads(KindRole.INGRESS, "defaultBackend"));
    assertFalse(INGRESS_RULE.reads(KindRole.ROUTE, "rules"));
    assertTrue(Inputs.of(KindRole.SERVICE, Inputs.WHOLE_SPEC).reads(KindRole.SERVICE, "ports"));
    assertEquals(Set.of("rules", "tls"), INGRESS_RULE.fieldsOf(KindRole.INGRESS));
    assertEquals(Set.of("nginx.org/"), INGRESS_RULE.annotationsOf(KindRole.INGRESS));
    assertTrue(INGRESS_RULE.reads(KindRole.INGRESS_CLASS));
    assertFalse(INGRESS_RULE.reads(KindRole.ROUTE));
  }

  @Test
  void leavingOutAKindOrOnePathKeepsTheRest() {
    Inputs withoutServices = INGRESS_RULE.without(SERVICE);
    assertFalse(withoutServices.reads(SERVICE));
    assertTrue(withoutServices.reads(INGRESS_CLASS));
    assertTrue(INGRESS_RULE.reads(SERVICE), "the original is unchanged");
    Inputs withoutAffinity = INGRESS_RULE.without(SERVICE, "sessionAffinity");
    assertTrue(withoutAffinity.reads(SERVICE), "the kind stays, read for nothing");
    assertFalse(withoutAffinity.reads(KindRole.SERVICE, "sessionAffinity"));
    assertTrue(INGRESS_RULE.reads(KindRole.SERVICE, "sessionAffinity"));
    for (KindCatalogue.Kind ingress : KindCatalogue.withRole(KindRole.INGRESS)) {
      Inputs lessAnnotations = INGRESS_RULE.without(ingress, "nginx.org/");
      assertFalse(lessAnnotations.readsAnnotation(ingress, "nginx.org/sticky-cookie-services"));
      assertTrue(INGRESS_RULE.readsAnnotation(ingress, "nginx.org/sticky-cookie-services"));
    }
  }

  @Test
  void aUnionReadsWhatAnyReadsAndEveryObjectReadsEveryKind() {
    Inputs union = Inputs.union(List.of(Inputs.of(KindRole.SERVICE, "ports"), Inputs.EVERY_OBJECT));
    assertTrue(union.reads(INGRESS_CLASS));
    assertTrue(union.reads((KindCatalogue.Kind) null), "every object: uncatalogued ones too");
    assertFalse(INGRESS_RULE.reads((KindCatalogue.Kind) null));
    assertTrue(union.reads(KindRole.SERVICE, "ports"));
    List<KindCatalogue.Kind> watched = Inputs.of(KindRole.SERVICE).watched(List.of(INGRESS_CLASS));
    assertTrue(watched.contains(INGRESS_CLASS) && watched.contains(SERVICE), watched.toString());
    assertFalse(watched.contains(KindCatalogue.find("networking.k8s.io", Kinds.INGRESS)));
    assertThrows(IllegalArgumentException.class, () -> Inputs.of("NoSuchKind"));
  }
}
