import { BILLING_API, CLIENTS_API, UPSTREAM_MESSAGES, WORKSPACE_API, servicePath, type BodyOf, type OrganizationRecipients, type Region, type ResponseOf } from '@platform/contracts';
import { signForwarded, type Identity } from '../auth/identity';
import type { Logger } from '../logger';
import { HttpError } from './errors';
import { loggableUrl } from './request-log';

/** Where another service is and how to reach it: its URL, the shared signing secret, a time limit. */
export interface ServiceClient {
  baseUrl: string;
  signingSecret: string;
  timeoutMs: number;
  logger?: Logger;
}

export interface ServiceCall {
  method: 'GET' | 'POST';
  /** the path with its query, exactly as signed */
  path: string;
  /** sent as JSON */
  body?: unknown;
  /** who the call is made as (`{kind:'gateway'}` for a service's own question, or the caller) */
  identity: Identity;
  region: Region;
  /** the 503's message when the service does not answer (UPSTREAM_MESSAGES) */
  unavailable: string;
}

/**
 * One signed service-to-service call: signForwarded headers, a time limit, and a 503 with
 * `unavailable` when the service cannot be reached. Any answer, 2xx or not, is returned.
 */
export async function callService(client: ServiceClient, call: ServiceCall): Promise<Response> {
  const { method, path, identity, region } = call;
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  try {
    return await fetch(`${client.baseUrl}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...signForwarded({ identity, region }, client.signingSecret, { method, path, body }),
      },
      body,
      signal: AbortSignal.timeout(client.timeoutMs),
    });
  } catch (err) {
    client.logger?.warn({ err, path }, 'service unreachable');
    throw new HttpError(503, call.unavailable);
  }
}

/** The 503 for an answer that is neither the one expected nor a known refusal. */
export function serviceRefused(client: ServiceClient, response: Response, unavailable: string): HttpError {
  client.logger?.warn({ status: response.status, url: loggableUrl(response.url) }, 'service refused the call');
  return new HttpError(503, unavailable);
}

/**
 * The workspace service's POST /internal/access/check, asked as the gateway: whether a signed-in
 * person is a member of the workspace. An unknown workspace (404) or an invalid e-mail (400) is
 * "not a member"; no answer or any other refusal is a 503.
 */
export async function checkWorkspaceAccess(client: ServiceClient, region: Region, workspaceId: string, user: { userId: string; email: string }): Promise<boolean> {
  const body: BodyOf<typeof WORKSPACE_API.checkWorkspaceAccess> = { uid: workspaceId, email: user.email, userId: user.userId };
  const unavailable = UPSTREAM_MESSAGES.workspaceUnavailable;
  const response = await callService(client, { method: 'POST', path: WORKSPACE_API.checkWorkspaceAccess.path, body, identity: { kind: 'gateway' }, region, unavailable });
  if (response.status === 404 || response.status === 400) return false;
  if (!response.ok) throw serviceRefused(client, response, unavailable);
  return ((await response.json()) as ResponseOf<typeof WORKSPACE_API.checkWorkspaceAccess>).isMember === true;
}

export type Entitlements = ResponseOf<typeof BILLING_API.getEntitlements>['data'];

/** Billing's GET /internal/entitlements/:uid, asked as the gateway; null when billing does not know the workspace (404). */
export async function readEntitlements(client: ServiceClient, region: Region, workspaceId: string): Promise<Entitlements | null> {
  const unavailable = UPSTREAM_MESSAGES.billingUnavailable;
  const path = servicePath(BILLING_API.getEntitlements.path, { uid: workspaceId });
  const response = await callService(client, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable });
  if (response.status === 404) return null;
  if (!response.ok) throw serviceRefused(client, response, unavailable);
  return ((await response.json()) as ResponseOf<typeof BILLING_API.getEntitlements>).data;
}

/**
 * Agency-domain's GET /internal/organizations/by-agent/:agentId, asked as the gateway: the
 * organisations whose widgetIDs hold the agent, each with its workspace (ownerID) and clients.
 * An unknown agent (404) has none; no answer or any other refusal is a 503. The agent service
 * (who pays) and the notification service (whom to tell) both read it through here.
 */
export async function organizationsOfAgent(client: ServiceClient, region: Region, agentId: string): Promise<OrganizationRecipients[]> {
  const unavailable = UPSTREAM_MESSAGES.agencyUnavailable;
  const path = servicePath(CLIENTS_API.organizationsByAgent.path, { agentId });
  const response = await callService(client, { method: 'GET', path, identity: { kind: 'gateway' }, region, unavailable });
  if (response.status === 404) return [];
  if (!response.ok) throw serviceRefused(client, response, unavailable);
  return ((await response.json()) as ResponseOf<typeof CLIENTS_API.organizationsByAgent>).organizations;
}
