import { Agent } from 'node:http';

/** How long a kept connection to a service may sit idle at most; the service's own hint is shorter. */
const IDLE_MS = 60_000;

/**
 * Kept connections to the services (without them every request opened a TCP connection). The
 * timeout makes node's agent honour a service's `Keep-Alive: timeout=5` hint, dropping an idle
 * connection a second before the service closes it: with no agent timeout node ignores the hint,
 * and a request written to a connection the service was just closing failed as "socket hang up"
 * (a 502). Each request still sets its own timeout.
 */
export function upstreamAgent(): Agent {
  return new Agent({ keepAlive: true, maxSockets: 256, maxFreeSockets: 64, timeout: IDLE_MS });
}
