package dev.spl.webhook;

import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;
import java.util.function.LongSupplier;

/**
 * The bytes of request bodies the webhook holds in memory at once. A body's memory is reserved when
 * its first bytes arrive, not when it is announced: a client that announces 3 MiB and sends nothing
 * holds nothing. It is reserved whole (what the body announced, or the size limit for a chunked
 * one), so that bodies arriving at speed never wait on each other half-read. But a body that has
 * sent nothing for {@code stalledNanos} while another waits for room gives back what it has not
 * sent, and from then on is reserved as its bytes arrive: a client trickling announced bodies holds
 * what it sent, not what it promised, so no two clients can hold the budget by promising.
 *
 * <p>Two lanes: bodies announced at most {@code smallBody} bytes (the API server's reviews are
 * kilobytes) have a lane of their own, so they always have room however many large bodies are in
 * flight; larger and chunked bodies share the other. One client (by address) holds at most half of
 * either lane, so a client trickling many small bodies cannot take the lane the API server's
 * reviews need. Thread-safe.
 */
final class BodyBudget {
  private final long smallBody;
  private final long smallLane;
  private final long shared;
  private final long stalledNanos;
  private final LongSupplier clock;
  private long smallHeld;
  private long sharedHeld;
  private final Map<String, Long> byClient = new HashMap<>();
  private final Map<String, Long> smallByClient = new HashMap<>();

  /** The length of a body that announced none (Jetty's {@code Request.getLength()}). */
  static final long CHUNKED = -1;

  /** Holds that have bytes: the ones that could have memory reserved beyond what arrived. */
  private final Set<Hold> ahead = new LinkedHashSet<>();

  /** Whether a body got its memory, and if not, whose limit it met. */
  enum Room {
    HELD,
    /** The lane is full: wait for memory to free. */
    FULL,
    /** This client holds its share of the lane already. */
    OVER_SHARE
  }

  /**
   * @param stalledNanos how long a body may send nothing before, when another body waits, it gives
   *     back what it has not sent
   * @param clock {@link System#nanoTime}, or a test's
   */
  BodyBudget(long smallBody, long smallLane, long shared, long stalledNanos, LongSupplier clock) {
    this.smallBody = smallBody;
    this.smallLane = smallLane;
    this.shared = shared;
    this.stalledNanos = stalledNanos;
    this.clock = clock;
  }

  /** One body's reservation. */
  final class Hold {
    private final String client;
    private final long need;
    private final boolean small;
    private long reserved;
    private long received;
    private long lastArrival;
    private boolean stalled;

    private Hold(String client, long need, boolean small) {
      this.client = client;
      this.need = need;
      this.small = small;
    }

    /**
     * Makes room for the next {@code bytes} of the body: from what is reserved already, else by
     * reserving the rest of the body (or, for a body that stalled, just these bytes), else by
     * taking back what stalled bodies have not sent. Nothing is reserved when it says no.
     */
    Room take(long bytes) {
      synchronized (BodyBudget.this) {
        long now = clock.getAsLong();
        Room room = grow(bytes);
        if (room != Room.HELD) {
          reclaimStalled(now);
          room = grow(bytes);
        }
        if (room == Room.HELD) {
          received += bytes;
          lastArrival = now;
          ahead.add(this);
        }
        return room;
      }
    }

    /**
     * Room for {@code bytes} more: reserved already, or the rest of the body (a body never sends
     * more than it needs: Jetty ends an announced one at its length, and a chunked one is refused
     * past the limit), or for a stalled body these bytes alone.
     */
    private Room grow(long bytes) {
      if (received + bytes <= reserved) {
        return Room.HELD;
      }
      Room room = reserve(need - reserved);
      return room != Room.HELD && stalled ? reserve(received + bytes - reserved) : room;
    }

    private Room reserve(long more) {
      Map<String, Long> clients = small ? smallByClient : byClient;
      long lane = small ? smallLane : shared;
      if (clients.getOrDefault(client, 0L) + more > lane / 2) {
        return Room.OVER_SHARE;
      }
      if ((small ? smallHeld : sharedHeld) + more > lane) {
        return Room.FULL;
      }
      add(more);
      return Room.HELD;
    }

    /** Adds {@code bytes} (negative: gives them back) to this hold, its lane and its client. */
    private void add(long bytes) {
      reserved += bytes;
      if (small) {
        smallHeld += bytes;
      } else {
        sharedHeld += bytes;
      }
      // a client that holds nothing has no entry: addresses come and go
      (small ? smallByClient : byClient)
          .compute(client, (k, held) -> held == null ? nonZero(bytes) : nonZero(held + bytes));
    }

    /** Returns what this body holds. */
    void release() {
      synchronized (BodyBudget.this) {
        ahead.remove(this);
        add(-reserved);
      }
    }
  }

  private static Long nonZero(long bytes) {
    return bytes == 0 ? null : bytes;
  }

  /** The client addresses holding memory now: for tests. */
  synchronized int clients() {
    return byClient.size() + smallByClient.size();
  }

  /** Takes back what bodies silent for {@code stalledNanos} have not sent. */
  private void reclaimStalled(long now) {
    for (Hold h : ahead) {
      if (now - h.lastArrival >= stalledNanos) {
        h.add(h.received - h.reserved);
        h.stalled = true;
      }
    }
  }

  /**
   * A body from {@code client} that announced {@code announced} bytes ({@link #CHUNKED}: as large
   * as {@code limit} allows).
   */
  Hold open(String client, long announced, long limit) {
    boolean small = announced != CHUNKED && announced <= smallBody;
    long need = announced == CHUNKED ? limit : announced;
    return new Hold(client == null ? "" : client, need, small);
  }

  /** Bytes held now, both lanes: for tests. */
  synchronized long held() {
    return smallHeld + sharedHeld;
  }
}
