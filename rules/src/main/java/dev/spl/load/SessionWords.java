package dev.spl.load;

import dev.spl.model.ListNode;
import dev.spl.model.MapNode;
import dev.spl.model.Node;
import java.util.regex.Pattern;

/**
 * The words by which a key, an annotation or a whole file says it is about sessions: sessions,
 * stickiness, affinity annotations, cookies, hashing ({@code sessionPersistence}, {@code
 * sessionAffinity}, {@code nginx.ingress.kubernetes.io/affinity}, Istio's {@code consistentHash},
 * Traefik's {@code sticky}). A walk reports the YAML problems of what writes them only: the same
 * problem elsewhere is kubeconform's. Generous on purpose: a word too many keeps a finding, a word
 * too few would hide one.
 */
public final class SessionWords {
  // "affinity" only as an annotation's name (nginx.ingress.kubernetes.io/affinity) or in
  // sessionAffinity: a pod's nodeAffinity and podAntiAffinity are about scheduling, not sessions
  private static final Pattern WORDS =
      Pattern.compile(
          "(?i)session|sticky|/affinity|cookie|consistenthash|hashpolicy|hash-by|hash_policy");

  private SessionWords() {}

  /** True when {@code text} (a key, or a whole file) uses one of the words. */
  public static boolean in(CharSequence text) {
    return WORDS.matcher(text).find();
  }

  /**
   * True when an object writes anything about sessions: a key or annotation that uses one of these
   * words. A walk reports the YAML problems (a duplicate key) of such objects only: the same
   * problem in a plain route or Service is kubeconform's.
   */
  public static boolean writtenIn(Node node) {
    if (node instanceof MapNode map) {
      for (MapNode.Entry e : map.entries()) {
        if (in(e.key()) || writtenIn(e.value())) {
          return true;
        }
      }
    } else if (node instanceof ListNode list) {
      for (Node item : list.items()) {
        if (writtenIn(item)) {
          return true;
        }
      }
    }
    return false;
  }
}
