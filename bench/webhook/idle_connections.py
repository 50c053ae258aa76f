# Opens N TLS connections to the webhook at once and holds them idle; prints the webhook's RSS and
# whether a real review is answered meanwhile. Usage: idle_connections.py PORT N PID BODY.json
# (bench/webhook/idle-connections.sh runs it in bursts against the packaged jar).
import socket, ssl, sys, time, threading, subprocess, json, os
port, n, pid = int(sys.argv[1]), int(sys.argv[2]), int(sys.argv[3])
ctx = ssl.create_default_context(); ctx.check_hostname = False; ctx.verify_mode = ssl.CERT_NONE
held = []; lock = threading.Lock(); handshaken = [0]
def rss():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS"): return int(line.split()[1]) // 1024
def one():
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=3)
        t = ctx.wrap_socket(s, server_hostname="localhost")
        with lock: held.append(t); handshaken[0] += 1
    except Exception:
        with lock: held.append(None)
print("rss before", rss(), "MiB")
threads = [threading.Thread(target=one) for _ in range(n)]
for i, t in enumerate(threads):
    t.start()
    if i % 200 == 0: time.sleep(0.05)
for t in threads: t.join()
print("handshaken", handshaken[0], "of", n, "rss", rss(), "MiB")
body = open(sys.argv[4]).read()
start = time.time()
r = subprocess.run(["curl", "-sk", "-m", "10", "-o", "/dev/null", "-w", "%{http_code}", "-H", "Content-Type: application/json",
                    "--data-binary", "@" + sys.argv[4], f"https://127.0.0.1:{port}/validate"], capture_output=True, text=True)
print("review during:", r.stdout, "in %.2f s" % (time.time() - start))
for k in range(6):
    time.sleep(2); print("t+%ds rss" % (2 * k + 2), rss(), "MiB")
for t in held:
    if t: 
        try: t.close()
        except Exception: pass
time.sleep(5); print("after close rss", rss(), "MiB")
