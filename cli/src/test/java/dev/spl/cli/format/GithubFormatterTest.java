package dev.spl.cli.format;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.LintResult;
import dev.spl.model.Finding;
import dev.spl.model.RelatedLocation;
import dev.spl.model.ResourceRef;
import dev.spl.model.Severity;
import dev.spl.model.SourcePosition;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import org.junit.jupiter.api.Test;

class GithubFormatterTest {

  private static String format(Finding f) {
    StringWriter out = new StringWriter();
    new GithubFormatter()
        .write(new LintResult(List.of(f), 1, 1, 1, List.of()), new PrintWriter(out));
    return out.toString();
  }

  @Test
  void specialCharactersAreEscaped() {
    Finding f =
        new Finding(
            "SPL022",
            "invalid-cookie-name",
            Severity.ERROR,
            "100% bad: a,b\r\nnext line",
            new SourcePosition("dir,with:odd/m%.yaml", 3, 7),
            null,
            "",
            List.of());
    assertEquals(
        "::error file=dir%2Cwith%3Aodd/m%25.yaml,line=3,col=7,title=SPL022 invalid-cookie-name"
            + "::100%25 bad: a,b%0D%0Anext line\n",
        format(f).replace(System.lineSeparator(), "\n"));
  }

  @Test
  void severitiesMapToCommandsAndRelatedLocationsFollow() {
    ResourceRef route = new ResourceRef("gateway.networking.k8s.io/v1", "HTTPRoute", "shop", "r");
    Finding warning =
        new Finding(
            "SPL103",
            "session-name-collision-across-routes",
            Severity.WARNING,
            "m",
            new SourcePosition("a.yaml", 1, 1),
            route,
            "spec.rules[0]",
            List.of(new RelatedLocation(new SourcePosition("b.yaml", 2, 3), route)));
    assertEquals(
        "::warning file=a.yaml,line=1,col=1,title=SPL103 session-name-collision-across-routes"
            + "::m (HTTPRoute shop/r, spec.rules[0])%0Arelated: b.yaml:2:3 HTTPRoute shop/r\n",
        format(warning).replace(System.lineSeparator(), "\n"));
    Finding info =
        new Finding(
            "SPL151",
            "client-ip-affinity-inert",
            Severity.INFO,
            "i",
            new SourcePosition("c.yaml", 5, 2),
            null,
            "",
            List.of());
    assertEquals(
        "::notice file=c.yaml,line=5,col=2,title=SPL151 client-ip-affinity-inert::i\n",
        format(info).replace(System.lineSeparator(), "\n"));
  }
}
