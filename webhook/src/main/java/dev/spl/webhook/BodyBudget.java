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
 * the other. One client (by address) holds at most half of either lane, so a client trickling many
 * small bodies cannot take the lane the API server's reviews need. Thread-safe.
 */
final class BodyBudget {
  private final long smallBody;
  private final long smallLane;
  private final long shared;
  private long smallHeld;
  private long sharedHeld;
  private final Map<String, Long> byClient = new HashMap<>();
  private final Map<String, Long> smallByClient = new HashMap<>();

  /** Whether a body got its memory, and if not, whose limit it met. */
  enum Room {
    HELD,
    /** The lane is full: wait for memory to free. */
    FULL,
    /** This client holds its share of the lane already. */
    OVER_SHARE
  }

  BodyBudget(long smallBody, long smallLane, long shared) {
    this.smallBody = smallBody;
    this.smallLane = smallLane;
    this.shared = shared;
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

    /** Reserves the body's memory; otherwise (nothing reserved) says whose limit it met. */
    Room reserve() {
      synchronized (BodyBudget.this) {
        if (held) {
          return Room.HELD;
        }
        Map<String, Long> clients = small ? smallByClient : byClient;
        long lane = small ? smallLane : shared;
        long laneHeld = small ? smallHeld : sharedHeld;
        long clientHeld = clients.getOrDefault(client, 0L);
        if (clientHeld + need > lane / 2) {
          return Room.OVER_SHARE;
        }
        if (laneHeld + need > lane) {
          return Room.FULL;
        }
        if (small) {
          smallHeld += need;
        } else {
          sharedHeld += need;
        }
        clients.put(client, clientHeld + need);
        held = true;
        return Room.HELD;
      }
    }

    /** Returns what this body holds. */
    void release() {
      synchronized (BodyBudget.this) {
        if (!held) {
          return;
        }
        held = false;
        Map<String, Long> clients = small ? smallByClient : byClient;
        if (small) {
          smallHeld -= need;
        } else {
          sharedHeld -= need;
        }
        long left = clients.getOrDefault(client, 0L) - need;
        if (left <= 0) {
          clients.remove(client);
        } else {
          clients.put(client, left);
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
