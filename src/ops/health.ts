/**
 * The health listener (HEALTH_PORT, bound to HEALTH_HOST): what an orchestrator and Prometheus ask.
 *
 *   GET /healthz   200 while the process runs (liveness)
 *   GET /readyz    200 while serving interactions; 503 while connecting, while the gateway
 *                  reconnects or resumes, and from the moment shutdown starts (readiness)
 *   GET /metrics   Prometheus text format (see metrics.ts)
 *
 * Anything else is 404; methods other than GET and HEAD are 405. Bodies are short plain text.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Logger } from '../base/log.js';

/** What `/metrics` serves: one process's `Metrics`, or the shard manager's sum of its shards'. */
interface MetricsSource {
  text(): Promise<string>;
  readonly contentType: string;
}

interface HealthOptions {
  host: string;
  /** 0 lets the system pick a free port (see `url`). */
  port: number;
  /** True while the process serves interactions. */
  ready: () => boolean;
  metrics: MetricsSource;
  logger: Logger;
}

export interface HealthServer {
  /** Listen; rejects with a clear message when the address cannot be bound. */
  start(): Promise<void>;
  /** Stop listening and close open connections. Safe to call twice or before start. */
  stop(): Promise<void>;
  /** `http://host:port` once listening. */
  readonly url: string | undefined;
}

export function createHealthServer(options: HealthOptions): HealthServer {
  const { metrics, logger } = options;
  const server = createServer((request, response) => {
    void route(request, response).catch((error: unknown) => {
      logger.error({ err: error, path: request.url }, 'health endpoint failed');
      if (!response.headersSent) send(response, 500, 'error\n');
      else response.destroy();
    });
  });
  // Probes are tiny: a client that dawdles gets dropped rather than holding a socket.
  server.headersTimeout = 5_000;
  server.requestTimeout = 10_000;
  server.keepAliveTimeout = 5_000;

  async function route(request: IncomingMessage, response: ServerResponse): Promise<void> {
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.setHeader('Allow', 'GET, HEAD');
      return send(response, 405, 'method not allowed\n');
    }
    const path = (request.url ?? '/').split('?')[0];
    switch (path) {
      case '/healthz':
        return send(response, 200, 'ok\n');
      case '/readyz':
        return options.ready() ? send(response, 200, 'ready\n') : send(response, 503, 'not ready\n');
      case '/metrics':
        return send(response, 200, await metrics.text(), metrics.contentType);
      default:
        return send(response, 404, 'not found\n');
    }
  }

  let url: string | undefined;
  let listening = false;
  return {
    get url() {
      return url;
    },
    start() {
      return new Promise<void>((resolve, reject) => {
        const onError = (error: NodeJS.ErrnoException) => {
          reject(
            new Error(
              `the health listener cannot listen on ${options.host}:${options.port} (${error.code ?? error.message}); check HEALTH_HOST and HEALTH_PORT`,
            ),
          );
        };
        server.once('error', onError);
        server.listen(options.port, options.host, () => {
          server.off('error', onError);
          server.on('error', (error) => logger.error({ err: error }, 'health listener error'));
          listening = true;
          const address = server.address() as AddressInfo;
          const host = address.family === 'IPv6' ? `[${address.address}]` : address.address;
          url = `http://${host}:${address.port}`;
          logger.info({ url }, 'health and metrics listening');
          resolve();
        });
      });
    },
    stop() {
      if (!listening) return Promise.resolve();
      listening = false;
      return new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      });
    },
  };
}

function send(response: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8') {
  response.writeHead(status, {
    'Content-Type': type,
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
  });
  response.end(response.req.method === 'HEAD' ? undefined : body);
}
