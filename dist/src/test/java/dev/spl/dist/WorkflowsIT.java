package dev.spl.dist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.spl.testing.Command;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The Action and the workflows, which cannot run here, checked against GitHub's schemas with
 * action-validator (npm: @action-validator/cli), installed into target/ when not on the PATH. A
 * deliberately broken workflow must fail, so a validator that passes everything cannot go unseen.
 */
class WorkflowsIT {
  static final Path REPO = Path.of("..").toAbsolutePath().normalize();
  static String validator;

  @BeforeAll
  static void validator() throws Exception {
    for (String dir : System.getenv("PATH").split(":")) {
      if (Files.isExecutable(Path.of(dir, "action-validator"))) {
        validator = Path.of(dir, "action-validator").toString();
        return;
      }
    }
    Path prefix = Path.of("target", "npm").toAbsolutePath();
    Command.Result install =
        DistributionIT.run(
            REPO,
            List.of(
                "npm",
                "install",
                "--no-save",
                "--prefix",
                prefix.toString(),
                "@action-validator/cli@0.6.0"),
            null);
    assertEquals(
        0, install.status(), "npm install @action-validator/cli: " + install.out() + install.err());
    validator = prefix.resolve("node_modules/.bin/action-validator").toString();
  }

  @Test
  void theActionAndEveryWorkflowValidate() throws Exception {
    List<Path> files = new ArrayList<>(List.of(REPO.resolve("action.yml")));
    try (Stream<Path> workflows = Files.list(REPO.resolve(".github/workflows"))) {
      workflows.filter(p -> p.toString().endsWith(".yml")).sorted().forEach(files::add);
    }
    assertEquals(3, files.size(), "action.yml, ci.yml and release.yml: " + files);
    for (Path file : files) {
      Command.Result r = DistributionIT.run(REPO, List.of(validator, file.toString()), null);
      assertEquals(0, r.status(), file + ": " + r.out() + r.err());
    }
  }

  @Test
  void aBrokenWorkflowIsCaught(@org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
    Path broken = dir.resolve("broken.yml");
    Files.writeString(
        broken,
        Files.readString(REPO.resolve(".github/workflows/ci.yml")).replace("runs-on:", "run-on:"));
    Command.Result r = DistributionIT.run(dir, List.of(validator, broken.toString()), null);
    assertEquals(1, r.status(), r.out() + r.err());
  }
}
