package dev.spl.webhook;

import java.util.concurrent.TimeUnit;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.server.Connector;

/**
 * Closes an HTTP connection that does not deliver a request head in time: its first within a
 * deadline of being opened (TLS handshake included), and on a kept-alive connection each later one
 * within a deadline of its bytes starting to arrive. Jetty's idle timeout restarts with every byte,
 * so without this a client sending a header a byte every few seconds holds a connection for hours.
 * A connection that sends nothing between requests is idle, and the idle timeout closes it.
 */
final class RequestHeadDeadline implements Connection.Listener {
  private final Connector connector;
  private final long deadlineMillis;

  RequestHeadDeadline(Connector connector, long deadlineMillis) {
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
    check(connection, 0, connection.getBytesIn());
  }

  /**
   * After a deadline: closes {@code connection} when no request has come at all, or when bytes came
   * since the last look ({@code bytesBefore}) and no request head with them; else looks again.
   */
  private void check(Connection connection, long messagesBefore, long bytesBefore) {
    connector
        .getScheduler()
        .schedule(
            () -> {
              if (!connection.getEndPoint().isOpen()) {
                return;
              }
              long messages = connection.getMessagesIn();
              long bytes = connection.getBytesIn();
              if (messages == 0 || messages == messagesBefore && bytes != bytesBefore) {
                connection.getEndPoint().close();
              } else {
                check(connection, messages, bytes);
              }
            },
            deadlineMillis,
            TimeUnit.MILLISECONDS);
  }
}
