import type { Region } from '../entities/common';

/**
 * One HTTP endpoint of a service, defined once: the service's route table mounts it (method,
 * path, operationId), the typed API client calls it, and its request and answer types travel
 * with it, so a changed shape fails the build of both sides.
 */
export interface Endpoint<Params = NoParams, Query = NoQuery, Body = NoBody, Response = unknown> {
  /** the service behind /api/[region/]<service>/... */
  readonly service: ApiService;
  readonly operationId: string;
  readonly method: 'get' | 'post' | 'delete';
  /** the service's own path, express syntax: /v2/agents/:agentId */
  readonly path: string;
  /** The spec names this path directly below /api (`/api/[region/]ai-css-generator`); the gateway aliases it to the service. */
  readonly atApiRoot?: boolean;
  /** Types only (never set): what the endpoint takes and answers. */
  readonly types?: { params: Params; query: Query; body: Body; response: Response };
}

export type ApiService = 'workspace' | 'agent' | 'channels' | 'agency-domain' | 'billing' | 'onboarding' | 'notification';
export type NoParams = Record<string, never>;
export type NoQuery = Record<string, never>;
export type NoBody = undefined;

/** Every answer carries `success`; a failure is `{success: false, message}` (plus `error` or `region` where said). */
export interface SuccessResponse {
  success: true;
}
export interface ErrorResponse {
  success: false;
  message: string;
  error?: string;
  region?: Region;
}

type AnyEndpoint = Endpoint<any, any, any, any>;
export type ParamsOf<E extends AnyEndpoint> = NonNullable<E['types']>['params'];
export type QueryOf<E extends AnyEndpoint> = NonNullable<E['types']>['query'];
export type BodyOf<E extends AnyEndpoint> = NonNullable<E['types']>['body'];
export type ResponseOf<E extends AnyEndpoint> = NonNullable<E['types']>['response'];

/** Declares an endpoint with its types: `endpoint<Params, Query, Body, Response>()({...})`. */
export const endpoint =
  <Params = NoParams, Query = NoQuery, Body = NoBody, Response = SuccessResponse>() =>
  (definition: Omit<Endpoint, 'types'>): Endpoint<Params, Query, Body, Response> =>
    definition;

/** What a route table takes from an endpoint. */
export const routeOf = ({ operationId, method, path }: AnyEndpoint) => ({ operationId, method, path });

/** The service path with its parameters filled in (encoded). */
export function servicePath(path: string, params: Record<string, string> = {}): string {
  return path.replace(/:([A-Za-z0-9_]+)/g, (_match, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} of ${path}`);
    return encodeURIComponent(value);
  });
}

/** The public address through the gateway: /api/<region>/<service><path>, or /api/<service><path> for the default region. */
export function gatewayPath(endpoint: AnyEndpoint, params?: Record<string, string>, region?: Region, query?: Record<string, string | undefined>): string {
  const search = new URLSearchParams(Object.entries(query ?? {}).filter((entry): entry is [string, string] => entry[1] !== undefined)).toString();
  const service = endpoint.atApiRoot ? '' : `/${endpoint.service}`;
  return `/api${region ? `/${region}` : ''}${service}${servicePath(endpoint.path, params)}${search ? `?${search}` : ''}`;
}
