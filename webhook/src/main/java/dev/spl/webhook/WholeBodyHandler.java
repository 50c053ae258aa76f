package dev.spl.webhook;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Semaphore;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
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
 * the request is answered 408 or 413 and closed. Bodies in memory at once are bounded by a byte
 * budget: a review parses its body into trees many times its size, so a burst of large objects
 * waits its turn (without a thread) instead of exhausting the heap.
 */
final class WholeBodyHandler extends Handler.Wrapper {
  /** The request attribute holding the review's deadline, a {@link System#nanoTime} Long. */
  static final String DEADLINE_ATTRIBUTE = "spl.deadlineNanos";

  private static final long BUDGET_RETRY_MILLIS = 20;

  private final int maxBytes;
  private final long deadlineMillis;
  private final Semaphore budget;

  WholeBodyHandler(Handler next, int maxBytes, long deadlineMillis, int budgetBytes) {
    super(next);
    this.maxBytes = maxBytes;
    this.deadlineMillis = deadlineMillis;
    this.budget = new Semaphore(budgetBytes);
  }

  @Override
  public boolean handle(Request request, Response response, Callback callback) throws Exception {
    if (!HttpMethod.POST.is(request.getMethod())) {
      return super.handle(request, response, callback);
    }
    long announced = request.getLength();
    if (announced > maxBytes) {
      Response.writeError(
          request,
          response,
          callback,
          413,
          "the body is " + announced + " bytes; the limit is " + maxBytes);
      return true;
    }
    long deadlineAt = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(deadline(request));
    // A body of unknown length may be as large as allowed.
    int cost = (int) (announced < 0 ? maxBytes : Math.max(announced, 1));
    whenBudgetAllows(request, response, callback, cost, deadlineAt);
    return true;
  }

  /**
   * Reads the body once {@code cost} bytes of the budget are free, trying again without a thread.
   */
  private void whenBudgetAllows(
      Request request, Response response, Callback callback, int cost, long deadlineAt) {
    if (budget.tryAcquire(cost)) {
      read(request, response, callback, cost, deadlineAt);
    } else if (System.nanoTime() > deadlineAt) {
      Response.writeError(request, response, callback, 503, "too many large reviews at once");
    } else {
      request
          .getComponents()
          .getScheduler()
          .schedule(
              () -> whenBudgetAllows(request, response, callback, cost, deadlineAt),
              BUDGET_RETRY_MILLIS,
              TimeUnit.MILLISECONDS);
    }
  }

  private void read(
      Request request, Response response, Callback callback, int cost, long deadlineAt) {
    Callback released = Callback.from(callback, () -> budget.release(cost));
    CompletableFuture<byte[]> body = Content.Source.asByteArrayAsync(request, maxBytes);
    Scheduler.Task deadline =
        request
            .getComponents()
            .getScheduler()
            .schedule(
                () -> body.completeExceptionally(new TimeoutException()),
                Math.max(0, deadlineAt - System.nanoTime()),
                TimeUnit.NANOSECONDS);
    body.whenComplete(
        (bytes, error) -> {
          deadline.cancel();
          Callback done = released;
          if (error != null) {
            boolean late = error instanceof TimeoutException;
            Response.writeError(
                request,
                response,
                done,
                late ? 408 : 413,
                late
                    ? "the body did not arrive within " + deadlineMillis + " ms"
                    : "the body is over the limit of " + maxBytes + " bytes");
            return;
          }
          try {
            Request buffered = new Buffered(request, bytes);
            buffered.setAttribute(DEADLINE_ATTRIBUTE, deadlineAt);
            if (!super.handle(buffered, response, done)) {
              Response.writeError(request, response, done, 404);
            }
          } catch (Throwable t) {
            done.failed(t);
          }
        });
  }

  /**
   * The body deadline: ours, or the API server's {@code ?timeout=} (it gives up then) when shorter.
   */
  private long deadline(Request request) {
    String query = request.getHttpURI().getQuery();
    if (query != null) {
      for (String param : query.split("&")) {
        if (param.startsWith("timeout=")) {
          dev.spl.schema.GatewayDuration t =
              dev.spl.schema.GatewayDuration.parse(param.substring("timeout=".length()));
          if (t != null && t.value().toMillis() > 0) {
            return Math.min(deadlineMillis, t.value().toMillis());
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
