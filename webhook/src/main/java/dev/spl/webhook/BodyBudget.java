package dev.spl.webhook;

import java.util.HashMap;
import java.util.Map;

/**
 * The bytes of request bodies the webhook holds in memory at once. A body's memory is reserved when
 * its first bytes arrive, not when it is announced: a client that announces 3 MiB and sends nothing
 * holds nothing. It is reserved whole (what the body announced, or the size limit for a chunked
 * one), so that bodies half-read never wait on each other. Two lanes: bodies announced at most
 * {@code smallBody} bytes (the API server's reviews are kilobytes) have a lane of their own, so
 * they always have room however many large bodies are in flight; larger and chunked bodies share
 * the other, of which one client (by address) holds at most half. Thread-safe.
 */
final class BodyBudget {
  private final long smallBody;
  private final long smallLane;
  private final long shared;
  private final long perClient;
  private long smallHeld;
  private long sharedHeld;
  private final Map<String, Long> byClient = new HashMap<>();

  BodyBudget(long smallBody, long smallLane, long shared) {
    this.smallBody = smallBody;
    this.smallLane = smallLane;
    this.shared = shared;
    this.perClient = shared / 2;
  }

  /** One body's reservation. */
  final class Hold {
    private final String client;
    private final long need;
    private final boolean small;
    private boolean held;

    private Hold(String client, long need, boolean small) {
      this.client = client;
      this.need = need;
      this.small = small;
    }

    /** Reserves the body's memory; false (nothing reserved) when its lane has no room now. */
    boolean reserve() {
      synchronized (BodyBudget.this) {
        if (held) {
          return true;
        }
        if (small) {
          if (smallHeld + need > smallLane) {
            return false;
          }
          smallHeld += need;
        } else {
          long clientHeld = byClient.getOrDefault(client, 0L);
          if (sharedHeld + need > shared || clientHeld + need > perClient) {
            return false;
          }
          sharedHeld += need;
          byClient.put(client, clientHeld + need);
        }
        held = true;
        return true;
      }
    }

    /** Returns what this body holds. */
    void release() {
      synchronized (BodyBudget.this) {
        if (!held) {
          return;
        }
        held = false;
        if (small) {
          smallHeld -= need;
        } else {
          sharedHeld -= need;
          long left = byClient.getOrDefault(client, 0L) - need;
          if (left <= 0) {
            byClient.remove(client);
          } else {
            byClient.put(client, left);
          }
        }
      }
    }
  }

  /**
   * A body from {@code client} that announced {@code announced} bytes (negative: chunked, so as
   * large as {@code limit} allows).
   */
  Hold open(String client, long announced, long limit) {
    boolean small = announced >= 0 && announced <= smallBody;
    long need = announced < 0 ? limit : Math.max(announced, 1);
    return new Hold(client == null ? "" : client, need, small);
  }

  /** Bytes held now, both lanes: for tests. */
  synchronized long held() {
    return smallHeld + sharedHeld;
  }
}
