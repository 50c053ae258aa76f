package dev.spl.webhook;

import java.nio.ByteBuffer;
import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.http.HttpMethod;
import org.eclipse.jetty.io.Content;
import org.eclipse.jetty.server.Handler;
import org.eclipse.jetty.server.Request;
import org.eclipse.jetty.server.Response;
import org.eclipse.jetty.util.Callback;
import org.eclipse.jetty.util.thread.Scheduler;

/**
 * Reads a request body whole before any thread handles the request, without holding a thread while
 * the bytes arrive: a client that sends slowly costs a connection, not one of the server's threads,
 * so slow clients cannot starve {@code /validate} or {@code /healthz}. A body must arrive within
 * the deadline (or the API server's own {@code timeout}, when shorter) and under the size limit, or
 * the request is answered 408 or 413 and closed. Bodies in memory at once are bounded by a {@link
 * BodyBudget} reserved as bytes arrive (a body that stalls gives back what it has not sent when
 * another needs it): a review parses its body into trees many times its size, so a burst of large
 * objects is read as memory frees (TCP pushes back on their senders meanwhile) instead of
 * exhausting the heap, while small reviews keep a lane of their own. A body that finds no memory
 * before its deadline is answered 503 (429 when its client holds its share), with Retry-After;
 * every refusal is reported, to be logged and counted.
 */
final class WholeBodyHandler extends Handler.Wrapper {
  /** The request attribute holding the review's deadline, a {@link System#nanoTime} Long. */
  static final String DEADLINE_ATTRIBUTE = "spl.deadlineNanos";

  /** Bodies announced at most this large have the small lane: an API server's review fits. */
  static final int SMALL_BODY = 64 * 1024;

  /** The small lane: 64 such bodies at once. */
  static final int SMALL_LANE = 64 * SMALL_BODY;

  private static final long BUDGET_RETRY_MILLIS = 20;

  /**
   * A body silent this long while another waits for memory gives back what it has not sent: far
   * above the gaps of a review sent at once, far below a trickler's second between bytes.
   */
  static final long STALLED_MILLIS = 250;

  private final int maxBytes;
  private final long deadlineMillis;
  private final BodyBudget budget;

  /** Seconds a client refused for memory is told to wait (Retry-After). */
  static final int RETRY_AFTER_SECONDS = 1;

  /** A request answered without being handled: its status and why. */
  record Refusal(int status, String why) {
    /** The status of a connection closed as it opened (no answer is sent). */
    static final int CONNECTION = 0;
  }

  private final java.util.function.Consumer<Refusal> refused;

  WholeBodyHandler(Handler next, int maxBytes, long deadlineMillis, int budgetBytes) {
    this(next, maxBytes, deadlineMillis, budgetBytes, r -> {});
  }

  /**
   * @param refused told of each request refused (a body too slow, too large, without memory), to
   *     log and count it
   */
  WholeBodyHandler(
      Handler next,
      int maxBytes,
      long deadlineMillis,
      int budgetBytes,
      java.util.function.Consumer<Refusal> refused) {
    super(next);
    this.maxBytes = maxBytes;
    this.deadlineMillis = deadlineMillis;
    this.budget =
        new BodyBudget(
            SMALL_BODY,
            SMALL_LANE,
            budgetBytes,
            TimeUnit.MILLISECONDS.toNanos(STALLED_MILLIS),
            System::nanoTime);
    this.refused = refused;
  }

  /** Bytes of bodies held now (tests). */
  long held() {
    return budget.held();
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (!HttpMethod.POST.is(request.getMethod())) {
      return super.handle(request, response, callback);
    }
    long announced = request.getLength();
    if (announced > maxBytes) {
      refused.accept(new Refusal(413, "body too large"));
      Response.writeError(
          request,
          response,
          callback,
          413,
          "the body is " + announced + " bytes; the limit is " + maxBytes);
      return true;
    }
    long deadlineAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(deadline(request));
    new Reading(request, response, callback, deadlineAt).start();
    return true;
  }

  /**
   * One body being read: chunk by chunk as Jetty has them, each chunk's bytes reserved before it is
   * kept. Without room, reading pauses (no demand, so TCP holds the sender back) and the
   * reservation is tried again until the deadline.
   */
  private final class Reading {
    private final Request request;
    private final Response response;
    private final Callback callback;
    private final long deadlineAt;
    private final BodyBudget.Hold hold;
    private final java.util.concurrent.atomic.AtomicBoolean finished =
        new java.util.concurrent.atomic.AtomicBoolean();
    private java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    private Scheduler.Task deadline;

    Reading(Request request, Response response, Callback callback, long deadlineAt) {
      this.request = request;
      this.response = response;
      this.callback = callback;
      this.deadlineAt = deadlineAt;
      this.hold = budget.open(Request.getRemoteAddr(request), request.getLength(), maxBytes);
    }

    void start() {
      deadline =
          request
              .getComponents()
              .getScheduler()
              .schedule(
                  () ->
                      fail(
                          408,
                          "the body did not arrive within " + deadlineMillis + " ms",
                          "body too slow"),
                  Math.max(0, deadlineAt - System.nanoTime()),
                  TimeUnit.NANOSECONDS);
      readMore();
    }

    /** Reads what is there; asks to be called again when more arrives. */
    void readMore() {
      while (!finished.get()) {
        Content.Chunk chunk = request.read();
        if (chunk == null) {
          request.demand(this::readMore);
          return;
        }
        if (Content.Chunk.isFailure(chunk)) {
          fail(400, "the body could not be read", "body unreadable");
          return;
        }
        if (!keep(chunk)) {
          return; // paused: keep() tries again, or has answered
        }
        if (chunk.isLast()) {
          complete();
          return;
        }
      }
    }

    /** Keeps the chunk's bytes if the budget has room; else pauses. False when not kept. */
    private synchronized boolean keep(Content.Chunk chunk) {
      if (finished.get()) {
        chunk.release();
        return false;
      }
      ByteBuffer data = chunk.getByteBuffer();
      int n = data.remaining();
      if (n == 0) {
        chunk.release();
        return true;
      }
      if (bytes.size() + (long) n > maxBytes) {
        chunk.release();
        fail(413, "the body is over the limit of " + maxBytes + " bytes", "body too large");
        return false;
      }
      BodyBudget.Room room = hold.take(n);
      if (room != BodyBudget.Room.HELD) {
        if (System.nanoTime() > deadlineAt) {
          chunk.release();
          if (room == BodyBudget.Room.OVER_SHARE) {
            fail(
                429, "this client holds its share of the review memory", "over the client's share");
          } else {
            fail(
                503,
                "too many large reviews at once",
                "no memory for the body before its deadline");
          }
        } else {
          request
              .getComponents()
              .getScheduler()
              .schedule(
                  () -> {
                    if (!finished.get() && keep(chunk)) {
                      if (chunk.isLast()) {
                        complete();
                      } else {
                        readMore();
                      }
                    }
                  },
                  BUDGET_RETRY_MILLIS,
                  TimeUnit.MILLISECONDS);
        }
        return false;
      }
      try {
        byte[] copy = new byte[n];
        data.get(copy);
        bytes.write(copy, 0, n);
      } catch (OutOfMemoryError e) {
        chunk.release();
        fail(503, "no memory for the body", "out of memory while the body arrived");
        return false;
      }
      chunk.release();
      return true;
    }

    private synchronized void complete() {
      if (!finished.compareAndSet(false, true)) {
        return;
      }
      deadline.cancel();
      Callback done = Callback.from(callback, hold::release);
      byte[] body = bytes.toByteArray();
      bytes = null;
      try {
        Request buffered = new Buffered(request, body);
        buffered.setAttribute(DEADLINE_ATTRIBUTE, deadlineAt);
        if (!WholeBodyHandler.super.handle(buffered, response, done)) {
          Response.writeError(request, response, done, 404);
        }
      } catch (Throwable t) {
        done.failed(t);
      }
    }

    /**
     * Answers {@code status} once, and reports the refusal ({@code why}, to log and count). A
     * refusal for memory (429: this client's share, 503: everyone's) says when to try again.
     */
    private synchronized void fail(int status, String message, String why) {
      if (!finished.compareAndSet(false, true)) {
        return;
      }
      if (deadline != null) {
        deadline.cancel();
      }
      bytes = null;
      hold.release();
      refused.accept(new Refusal(status, why));
      if (status == 429 || status == 503) {
        response.getHeaders().put("Retry-After", String.valueOf(RETRY_AFTER_SECONDS));
      }
      Response.writeError(request, response, callback, status, message);
    }
  }

  /**
   * The review's deadline: ours, or just before the API server's {@code ?timeout=} (it gives up
   * then) when sooner.
   */
  private long deadline(Request request) {
    String query = request.getHttpURI().getQuery();
    if (query != null) {
      for (String param : query.split("&")) {
        if (param.startsWith("timeout=")) {
          dev.spl.schema.GatewayDuration t =
              dev.spl.schema.GatewayDuration.parse(param.substring("timeout=".length()));
          if (t != null && t.value().toMillis() > 0) {
            // Answer before the API server gives up: then the admin's failure policy decides,
            // not the API server's timeout (which fails the request under failurePolicy Fail).
            long timeout = t.value().toMillis();
            return Math.min(deadlineMillis, timeout - Math.min(500, timeout / 10));
          }
        }
      }
    }
    return deadlineMillis;
  }

  /** The request with its body already read: one chunk, then the end. */
  private static final class Buffered extends Request.Wrapper {
    private Content.Chunk next;

    Buffered(Request request, byte[] body) {
      super(request);
      this.next = Content.Chunk.from(ByteBuffer.wrap(body), true);
    }

    @Override
    public synchronized Content.Chunk read() {
      Content.Chunk chunk = next;
      next = Content.Chunk.EOF;
      return chunk;
    }

    @Override
    public void demand(Runnable demandCallback) {
      demandCallback.run(); // the content is all here
    }
  }
}
