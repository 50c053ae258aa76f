package dev.spl.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code spl lint} with no flags at the root of ten real public repositories (filtered snapshots in
 * src/test/resources/realrepos, see its README), as a new user would run it: GitOps examples, an
 * application with four packagings, and seven controller source trees with docs, tests and charts.
 * The output must be their real sticky-session problems and nothing else; Helm and kustomize inputs
 * included, no crash, and nothing on stderr but spl's own notices.
 */
class RealRepositoriesTest {
  @TempDir static Path unpacked;

  @ParameterizedTest(name = "{0}")
  @CsvSource(
      delimiter = '|',
      value = {
        // a chart whose dependency is fetched at release time: not read, and said so
        // and four Applications whose jsonnet and plugin sources the snapshot does not hold
        // (spl would not read them either): deployed, not built, and said so
        "argocd-example-apps | 0 | "
            + "apps/templates/applications.yaml:16:5 [helm template apps]: warning SPL006;"
            + " apps/templates/applications.yaml:16:5 [helm template apps]: warning SPL006;"
            + " apps/templates/applications.yaml:16:5 [helm template apps]: warning SPL006;"
            + " apps/templates/applications.yaml:16:5 [helm template apps]: warning SPL006;"
            + " helm-dependency/Chart.yaml:1:1: warning SPL004",
        "gateway-api | 0 | ",
        "microservices-demo | 0 | ",
        // two Ingresses of one Service with two cookie names: nginx keeps one (a docs example)
        // and the provider overlays, which kustomize cannot build: their shared base lists a
        // manifest.yaml the repository generates (said once, for the first of them)
        "ingress-nginx | 0 | docs/examples/affinity/cookie/ingress-samesite.yaml:46:11: warning"
            + " SPL206; hack/manifest-templates/provider/aws/kustomization.yaml:1:1: warning SPL006",
        // an affinity cookie scoped to /foobar on an Ingress that serves exactly / (a fixture)
        "traefik | 0 | pkg/provider/kubernetes/ingress-nginx/fixtures/ingresses/"
            + "ingress-with-sticky.yml:11:5: warning SPL208",
        // test data without apiVersion (a merge function's fragments), a golden file's duplicate
        // labels: none of them spl's business; a chart whose build writes its values.yaml: not
        // read, and said so
        "envoy-gateway | 0 | charts/gateway-helm/Chart.yaml:1:1: warning SPL004",
        // translator inputs with a duplicate queryParams key in routes without session persistence
        "kgateway | 0 | ",
        // samples that do not parse (mis-indented, placeholders) and say nothing of sessions
        // (nodeAffinity is scheduling): kubeconform's, not spl's
        "kubernetes-engine-samples | 0 | ",
        // a conformance fixture gives an HTTPRoute and a GRPCRoute on one listener one header
        // session name; another gives a GRPCRoute cookie persistence
        "nginx-gateway-fabric | 0 | tests/suite/manifests/session-persistence/"
            + "route-invalid-sp-config.yaml:41:7: warning SPL103;"
            + " tests/suite/manifests/session-persistence/routes-plus.yaml:18:5: warning SPL140",
        // an example's header hash policies write name where the schema has headerName: the API
        // server prunes it, and then refuses the HTTPProxy (the CRD requires headerName)
        // and a kustomization that reaches outside its root, which kustomize refuses by default
        "contour | 1 | examples/example-workload/httpproxy/03-routes/"
            + "httpproxy-lb-request-hash.yaml:18:7: error SPL802;"
            + " examples/optional-features/kustomization.yaml:1:1: warning SPL006",
      })
  void reportsOnlyTheRealProblems(String repo, int status, String expected) throws Exception {
    Path root = RealRepos.unpack(unpacked, repo);
    CliRun run = CliRun.of("lint", root.toString());
    List<String> findings =
        run.out()
            .lines()
            .filter(l -> l.matches(".*:\\d+:\\d+.*: (error|warning|info) SPL\\d{3} .*"))
            .map(l -> l.replace(root + "/", "").replaceFirst("(SPL\\d{3}) .*", "$1"))
            .toList();
    assertEquals(
        expected == null ? List.of() : List.of(expected.split(";\\s*")), findings, run.out());
    assertEquals(status, run.status(), run.out() + run.err());
    // Nothing reaches stderr: what was not read is a finding, Helm's log is --verbose's, and
    // there are no internal errors.
    assertEquals("", run.err());
  }
}
