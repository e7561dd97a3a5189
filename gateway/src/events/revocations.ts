import { TOPICS, validateEvent, type RevocationEvent } from '@platform/contracts';
import { BroadcastConsumer, createKafka, type Logger } from '@platform/kit';
import type { CredentialVerifier } from '../clients/credential-verifier';
import type { SessionVerifier } from '../clients/session-verifier';

export interface RevocationCaches {
  sessions: SessionVerifier;
  verifier: CredentialVerifier;
  /** the agency hosts' branding (credentials.agency-changed) */
  agencyHosts?: { forgetAgency(agencyId: string): void; forget(host: string): void };
}

/**
 * Drops this replica's cached verdicts that a revocation (written by the owning service with
 * the change) makes wrong; the next use of those credentials is asked again and refused.
 * Returns whether the event was a revocation.
 */
export function applyRevocation(caches: RevocationCaches, event: unknown): boolean {
  const { value, error } = validateEvent(event);
  if (error) return false;
  const revocation = value as RevocationEvent;
  switch (revocation.type) {
    case 'credentials.session-ended':
      caches.sessions.forgetSession(revocation.data.sessionId);
      return true;
    case 'credentials.user-sessions-ended':
      caches.sessions.endOthers(revocation.data.userId, revocation.data.exceptSessionId);
      return true;
    case 'credentials.workspace-secret-rotated':
      caches.verifier.forgetWorkspace(revocation.data.uid);
      return true;
    case 'credentials.agent-secret-key-rotated':
      caches.verifier.forgetAgent(revocation.data.agentId);
      return true;
    case 'credentials.agency-changed':
      caches.agencyHosts?.forgetAgency(revocation.data.agencyId);
      for (const host of revocation.data.hosts) caches.agencyHosts?.forget(host);
      return true;
    default:
      return false;
  }
}

/**
 * Every replica reads every revocation (its own consumer group, from the latest offset). It
 * connects in the background: while Kafka is down the gateway serves, and the cache TTLs bound
 * how late a revocation is seen.
 */
export function startRevocationConsumer(options: {
  brokers: string[];
  logger: Logger;
  apply: (event: unknown) => boolean;
}): BroadcastConsumer {
  const kafka = createKafka({ clientId: 'gateway', brokers: options.brokers, logger: options.logger });
  return new BroadcastConsumer({
    kafka,
    groupPrefix: 'gateway-revocations',
    topics: [TOPICS.credentialRevocations.name],
    logger: options.logger,
    handle: (event) => {
      if (!options.apply(event)) options.logger.warn({ eventId: event.id, type: event.type }, 'not a revocation; skipped');
    },
  }).start();
}
