package dev.spl.webhook;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.spl.Engine;
import dev.spl.LintOptions;
import tools.jackson.core.JacksonException;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * Coverage-guided fuzzing of what the webhook does with a request body: parse it, then review it.
 * Anything but an answer, an HTTP 400 (invalid JSON or not an AdmissionReview) is a bug. Without
 * JAZZER_FUZZ the seeds in AdmissionReviewFuzzTestInputs/ replay as a regression test.
 */
class AdmissionReviewFuzzTest {
  private static final JsonMapper JSON = JsonMapper.builder().build();
  private static final AdmissionHandler HANDLER =
      new AdmissionHandler(new Engine(), LintOptions.defaults(), ClusterState.NONE, true, false);

  @FuzzTest(maxDuration = "60s")
  void anyBodyIsAnsweredOrRefused(byte[] body) throws Exception {
    JsonNode tree;
    try {
      tree = JSON.readTree(body);
    } catch (JacksonException invalidJson) {
      return; // HTTP 400
    }
    try {
      AdmissionHandler.Outcome outcome = HANDLER.review(tree);
      if (outcome.internalError()) {
        throw new AssertionError("a rule failed on this input");
      }
    } catch (InvalidReviewException refused) {
      // HTTP 400
    }
  }
}
