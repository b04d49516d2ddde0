import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createHttpApp, type CreateHttpAppOptions, type HttpApp } from './app.ts';
import type { HttpDeps } from './deps.ts';

export interface RunningWebServer {
  http: http.Server;
  app: HttpApp;
  /** e.g. http://127.0.0.1:3000 (the real port when started on port 0). */
  url: string;
  /** Graceful: stops accepting, lets in-flight requests finish (up to `graceMs`), then releases the app. */
  close(graceMs?: number): Promise<void>;
}

/**
 * Stops an HTTP server gracefully: no new connections, idle keep-alive sockets closed at once,
 * in-flight requests given `graceMs` to finish before their sockets are destroyed.
 */
export async function closeGracefully(server: http.Server, graceMs: number): Promise<void> {
  if (!server.listening) return;
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  const timer = setTimeout(() => server.closeAllConnections(), graceMs);
  timer.unref();
  await closed;
  clearTimeout(timer);
}

/** Creates the app and listens on `port` (0: any free port) and `host`. */
export async function startWebServer(
  deps: HttpDeps,
  listen: { port: number; host: string },
  options: CreateHttpAppOptions = {},
): Promise<RunningWebServer> {
  const app = await createHttpApp(deps, options);
  const server = http.createServer(app.app);
  // Longer than typical proxy idle timeouts, so the proxy closes first (no 502 on reuse).
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(listen.port, listen.host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as AddressInfo;
  const host = listen.host.includes(':') ? `[${listen.host}]` : listen.host;
  let closing: Promise<void> | null = null;
  return {
    http: server,
    app,
    url: `http://${host}:${port}`,
    close: (graceMs = 10_000) => {
      closing ??= closeGracefully(server, graceMs).then(() => app.close());
      return closing;
    },
  };
}
