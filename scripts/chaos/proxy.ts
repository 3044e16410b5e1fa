import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { openSync, closeSync, writeFileSync, mkdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';

/** The load balancer in front of the instances. */
export interface Proxy {
  kind: string;
  /** Whether it names the instance that answered (X-Chaos-Upstream), failures included. */
  namesUpstream: boolean;
  stop(): Promise<void>;
}

export function caddyAvailable(): boolean {
  return spawnSync('caddy', ['version'], { stdio: 'ignore' }).status === 0;
}

/**
 * Caddy's reverse proxy over the instances, round robin. A request whose instance cannot be reached
 * (refused: killed, or not started again yet) is tried on the next for up to 5 s (lb_try_duration);
 * GETs that fail after reaching it are tried again too, POSTs are not (Caddy retries only what is
 * safe to send twice), so a POST in flight when its instance dies is answered 502. Active health
 * checks every second take a dead instance out and a restarted one back in; a failed request takes
 * it out for 3 s at once (passive). Every answer, Caddy's own errors included, names the instance in
 * X-Chaos-Upstream. The client address goes on in X-Forwarded-For (Caddy replaces what the client
 * sent), which the instances trust (TRUST_PROXY=1).
 */
export function caddyfile(port: number, upstreams: string[]): string {
  return `{
	admin off
	auto_https off
	log {
		output discard
	}
}

http://127.0.0.1:${port} {
	bind 127.0.0.1
	reverse_proxy ${upstreams.join(' ')} {
		lb_policy round_robin
		lb_try_duration 5s
		lb_try_interval 100ms
		fail_duration 3s
		health_uri /api/health
		health_interval 1s
		health_timeout 2s
		header_down X-Chaos-Upstream {http.reverse_proxy.upstream.hostport}
	}
	handle_errors {
		header X-Chaos-Upstream "{http.reverse_proxy.upstream.hostport}"
		respond "proxy error {err.status_code}: {err.message}" {err.status_code}
	}
}
`;
}

export async function startCaddy(port: number, upstreams: string[], dir: string): Promise<Proxy> {
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(file, caddyfile(port, upstreams));
  // Its own data and config folders, so nothing of another Caddy on the machine is touched.
  mkdirSync(path.join(dir, 'caddy-data'), { recursive: true });
  const fd = openSync(path.join(dir, 'caddy.log'), 'a');
  const child: ChildProcess = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { ...process.env, XDG_DATA_HOME: path.join(dir, 'caddy-data'), XDG_CONFIG_HOME: path.join(dir, 'caddy-data') },
    stdio: ['ignore', fd, fd],
  });
  closeSync(fd);
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return {
    kind: 'Caddy',
    namesUpstream: true,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}

/**
 * The fallback when Caddy is not installed: a TCP proxy that gives each client connection to the
 * next instance whose health check passed (polled every 500 ms), trying the next one while a connect
 * is refused (up to 5 s). It sees no requests, so it names no instance (the 5xx rule then goes by
 * the time of the kills alone), and a connection whose instance dies is cut (the client sees a
 * reset, not a 502). The clients write X-Forwarded-For themselves (their own loopback address),
 * which is what Caddy would write.
 */
export async function startTcpProxy(port: number, upstreams: string[]): Promise<Proxy> {
  const healthy = new Set<string>(upstreams);
  let next = 0;
  let polling = true;
  const poll = (async () => {
    while (polling) {
      await Promise.all(
        upstreams.map(async (upstream) => {
          try {
            const response = await fetch(`http://${upstream}/api/health`, { signal: AbortSignal.timeout(1000) });
            if (response.ok) healthy.add(upstream);
            else healthy.delete(upstream);
          } catch {
            healthy.delete(upstream);
          }
        }),
      );
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();

  const open = new Set<net.Socket>();
  const server = net.createServer((client) => {
    open.add(client);
    client.on('close', () => open.delete(client));
    client.pause();
    const deadline = Date.now() + 5000;
    const attempt = () => {
      const candidates = upstreams.filter((u) => healthy.has(u));
      const pool = candidates.length > 0 ? candidates : upstreams;
      const upstream = pool[next++ % pool.length]!;
      const [host, portText] = upstream.split(':');
      const socket = net.connect({ host, port: Number(portText) });
      let connected = false;
      socket.once('connect', () => {
        connected = true;
        open.add(socket);
        socket.on('close', () => open.delete(socket));
        socket.pipe(client);
        client.pipe(socket);
        client.resume();
        socket.on('error', () => client.destroy());
        client.on('error', () => socket.destroy());
        socket.on('close', () => client.destroy());
        client.on('close', () => socket.destroy());
      });
      socket.once('error', () => {
        if (connected) return;
        healthy.delete(upstream);
        if (Date.now() < deadline) setTimeout(attempt, 100);
        else client.destroy();
      });
    };
    attempt();
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    kind: 'Node TCP proxy (Caddy not installed)',
    namesUpstream: false,
    async stop() {
      polling = false;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      for (const socket of open) socket.destroy();
      await closed;
      await poll;
    },
  };
}
