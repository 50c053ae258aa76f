package dev.spl.webhook;

import java.nio.ByteBuffer;
import java.util.concurrent.CompletableFuture;
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
 * the deadline and under the size limit, or the request is answered 408 or 413 and closed.
 */
final class WholeBodyHandler extends Handler.Wrapper {
  private final int maxBytes;
  private final long deadlineMillis;

  WholeBodyHandler(Handler next, int maxBytes, long deadlineMillis) {
    super(next);
    this.maxBytes = maxBytes;
    this.deadlineMillis = deadlineMillis;
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
    CompletableFuture<byte[]> body = Content.Source.asByteArrayAsync(request, maxBytes);
    Scheduler.Task deadline =
        request
            .getComponents()
            .getScheduler()
            .schedule(
                () -> body.completeExceptionally(new TimeoutException()),
                deadlineMillis,
                TimeUnit.MILLISECONDS);
    body.whenComplete(
        (bytes, error) -> {
          deadline.cancel();
          if (error != null) {
            boolean late = error instanceof TimeoutException;
            Response.writeError(
                request,
                response,
                callback,
                late ? 408 : 413,
                late
                    ? "the body did not arrive within " + deadlineMillis + " ms"
                    : "the body is over the limit of " + maxBytes + " bytes");
            return;
          }
          try {
            if (!super.handle(new Buffered(request, bytes), response, callback)) {
              Response.writeError(request, response, callback, 404);
            }
          } catch (Throwable t) {
            callback.failed(t);
          }
        });
    return true;
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
