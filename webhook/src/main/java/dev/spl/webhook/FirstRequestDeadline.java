package dev.spl.webhook;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Connector;

/**
 * Closes an HTTP connection that has not delivered its first request head within a deadline of
 * being opened (TLS handshake included). Jetty's idle timeout restarts with every byte, so without
 * this a client sending a header a byte every few seconds holds a connection for hours; the
 * deadline counts from the start. Later requests on a kept-alive connection have the idle timeout.
 */
final class FirstRequestDeadline implements Connection.Listener {
  private final Connector connector;
  private final long deadlineMillis;

  FirstRequestDeadline(Connector connector, long deadlineMillis) {
    this.connector = connector;
    this.deadlineMillis = deadlineMillis;
  }

  @Override
  public void onOpened(Connection connection) {
    // The TLS layer counts no messages (-1); the HTTP connection inside it, opened at once, counts
    // the requests it has parsed.
    if (connection.getMessagesIn() != 0) {
      return;
    }
    connector
        .getScheduler()
        .schedule(
            () -> {
              if (connection.getMessagesIn() == 0 && connection.getEndPoint().isOpen()) {
                connection.getEndPoint().close();
              }
            },
            deadlineMillis,
            TimeUnit.MILLISECONDS);
  }
}
