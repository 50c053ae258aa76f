package dev.spl.webhook;

import io.fabric8.kubernetes.client.jdkhttp.JdkHttpClientFactory;
import java.net.http.HttpClient;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;

/**
 * fabric8's HTTP client on the JDK's, with a few threads for its asynchronous work. The factory's
 * own executor is a cached pool, which starts a thread for every response in flight: about 50 while
 * the informers list their kinds at start, each with its stack, kept a minute (about 5 MiB in a pod
 * that aims at 150 MiB, issue 28). The work on them is short (a body handed to an informer, which
 * queues it on its own executor), so four threads and a queue keep up; idle, none is kept.
 */
final class BoundedJdkHttpClientFactory extends JdkHttpClientFactory {
  static final int THREADS = 4;

  // One pool for every client this factory builds (fabric8 derives clients for watches).
  private final ThreadPoolExecutor pool =
      new ThreadPoolExecutor(
          THREADS,
          THREADS,
          30,
          TimeUnit.SECONDS,
          new LinkedBlockingQueue<>(),
          task -> {
            Thread t = new Thread(task, "spl-k8s-client");
            t.setDaemon(true);
            return t;
          });

  BoundedJdkHttpClientFactory() {
    pool.allowCoreThreadTimeOut(true);
  }

  @Override
  protected void additionalConfig(HttpClient.Builder builder) {
    builder.executor(pool);
  }
}
