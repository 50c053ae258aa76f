package dev.spl.webhook;

import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.SocketAddress;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import org.eclipse.jetty.io.Connection;
import org.eclipse.jetty.io.EndPoint;
import org.eclipse.jetty.io.SocketChannelEndPoint;

/**
 * Open connections per client address, at most {@code perClient}: one client cannot hold the
 * server's whole connection cap (Jetty's NetworkConnectionLimit counts all clients together), even
 * with connections that are never idle and never late (a request trickled whole, again and again,
 * issue 51). A connection over the limit is closed as soon as it opens. A bean of the connector,
 * which gives it every connection it opens; the TLS connection is counted, not the HTTP one inside
 * it.
 */
final class ClientConnectionLimit implements Connection.Listener {
  private final int perClient;
  private final ConcurrentHashMap<InetAddress, AtomicInteger> open = new ConcurrentHashMap<>();
  private final Runnable onRefused;
  // the connections counted and their client: each is uncounted once (a refused one never), and
  // by the address it had open (a closed channel has none)
  private final ConcurrentHashMap<Connection, InetAddress> counted = new ConcurrentHashMap<>();

  ClientConnectionLimit(int perClient, Runnable onRefused) {
    this.perClient = perClient;
    this.onRefused = onRefused;
  }

  @Override
  public void onOpened(Connection connection) {
    InetAddress client = client(connection.getEndPoint());
    if (client == null) {
      return;
    }
    AtomicInteger count = open.computeIfAbsent(client, c -> new AtomicInteger());
    if (count.incrementAndGet() > perClient) {
      count.decrementAndGet(); // never counted: closed before it is used
      onRefused.run();
      connection.getEndPoint().close();
      return;
    }
    counted.put(connection, client);
  }

  @Override
  public void onClosed(Connection connection) {
    InetAddress client = counted.remove(connection);
    if (client != null) {
      open.computeIfPresent(client, (c, n) -> n.decrementAndGet() <= 0 ? null : n);
    }
  }

  /** Connections open now from {@code client} (tests). */
  int openFrom(InetAddress client) {
    AtomicInteger n = open.get(client);
    return n == null ? 0 : n.get();
  }

  /** The client's address for a network connection; null for one layered inside it. */
  private static InetAddress client(EndPoint endPoint) {
    if (!(endPoint instanceof SocketChannelEndPoint)) {
      return null;
    }
    SocketAddress remote = endPoint.getRemoteSocketAddress();
    return remote instanceof InetSocketAddress inet ? inet.getAddress() : null;
  }
}
