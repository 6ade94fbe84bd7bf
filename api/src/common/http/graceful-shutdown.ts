import { Injectable } from '@nestjs/common';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { Server as NetServer, type Socket } from 'node:net';

/**
 * Whether this process is draining (decision 022): readiness (`/api/health/ready`) answers 503 while it
 * is, so a balancer stops sending traffic to an instance that is going away. One per app (a provider,
 * not module state: tests boot several apps in one process).
 */
@Injectable()
export class ShutdownState {
  /** Set when a drain began; never cleared (the process exits after it). */
  draining = false;
}

export type DrainOptions = {
  /** Longest the drain may take, ms (SHUTDOWN_GRACE_SECONDS × 1000); then every socket left is destroyed. */
  graceMs: number;
  /** A keep-alive socket with no request in flight and no bytes for this long is closed, ms (default 300). */
  idleCloseMs?: number;
};

export type DrainResult = {
  /** Requests answered after the drain began (in flight then, or arriving on an open keep-alive socket). */
  answered: number;
  /** Sockets still open at the deadline, destroyed (0 for a clean drain). */
  destroyed: number;
  /** How long the drain took, ms. */
  ms: number;
};

type Tracked = { active: number; lastActivity: number; endedAt?: number };

/** How long an idle socket we ended may wait for the client's end before it is destroyed, ms. */
const HALF_OPEN_MS = 1000;

/**
 * Graceful drain of an HTTP server (decision 022; prior art: Node's `closeIdleConnections`,
 * http-terminator). Call `track(server)` before it listens; `drain()` then:
 * 1. stops accepting connections (the listening socket closes; open connections stay),
 * 2. answers every request already received — in flight, or arriving on a keep-alive socket that is
 *    still open — with `Connection: close`, so each client ends that connection itself after its answer,
 * 3. closes keep-alive sockets that carry nothing (no request in flight, no bytes for `idleCloseMs`;
 *    closing one the very moment a client reuses it is the keep-alive race this wait avoids),
 * 4. resolves when no socket is left, or at `graceMs` after destroying what is left.
 */
export class HttpDrain {
  private readonly sockets = new Map<Socket, Tracked>();
  private readonly inFlight = new Set<ServerResponse>();
  private draining: Promise<DrainResult> | null = null;
  private answeredSinceDrain = 0;
  private startedAt = 0;

  constructor(private readonly server: Server) {
    server.on('connection', (socket: Socket) => {
      const tracked: Tracked = { active: 0, lastActivity: Date.now() };
      this.sockets.set(socket, tracked);
      socket.on('data', () => (tracked.lastActivity = Date.now()));
      socket.once('close', () => this.sockets.delete(socket));
    });
    // Before express: a request that arrives while draining is told the connection closes after it.
    server.prependListener('request', (req: IncomingMessage, res: ServerResponse) => {
      const tracked = this.sockets.get(req.socket);
      if (tracked) tracked.active++;
      this.inFlight.add(res);
      if (this.draining) res.setHeader('Connection', 'close');
      // 'close' ends every response: after 'finish' for one answered, or alone when the connection went first
      // (one listener per request, not two: decision 042).
      res.once('close', () => {
        this.inFlight.delete(res);
        if (this.draining) this.answeredSinceDrain++;
        if (tracked) {
          tracked.active--;
          tracked.lastActivity = Date.now();
        }
      });
    });
  }

  /** True once drain() was called. */
  get isDraining(): boolean {
    return this.draining !== null;
  }

  /** Start (or join) the drain; resolves when every connection is gone or the grace period ended. */
  drain(options: DrainOptions): Promise<DrainResult> {
    if (this.draining) return this.draining;
    this.startedAt = Date.now();
    const idleCloseMs = options.idleCloseMs ?? 300;
    this.draining = new Promise<DrainResult>((resolve) => {
      // Stop accepting, without http.Server#close's closeIdleConnections (the keep-alive race above).
      if (this.server.listening) NetServer.prototype.close.call(this.server);
      for (const res of this.inFlight) if (!res.headersSent) res.setHeader('Connection', 'close');
      const sweep = () => {
        const now = Date.now();
        for (const [socket, tracked] of this.sockets) {
          if (tracked.active !== 0 || now - tracked.lastActivity < idleCloseMs) continue;
          if (!tracked.endedAt) {
            tracked.endedAt = now;
            socket.end();
          } else if (now - tracked.endedAt >= HALF_OPEN_MS) {
            // The server answers over half-open sockets (allowHalfOpen): a client that keeps its end of an
            // idle keep-alive socket open would hold the drain until the deadline.
            socket.destroy();
          }
        }
        if (this.sockets.size === 0) return finish(0);
        if (now - this.startedAt >= options.graceMs) {
          const left = this.sockets.size;
          for (const socket of this.sockets.keys()) socket.destroy();
          return finish(left);
        }
        setTimeout(sweep, 50);
      };
      const finish = (destroyed: number) => resolve({ answered: this.answeredSinceDrain, destroyed, ms: Date.now() - this.startedAt });
      setTimeout(sweep, 0);
    });
    return this.draining;
  }
}
