import { gatewayPath, type BodyOf, type Endpoint, type ParamsOf, type QueryOf, type Region, type ResponseOf } from '@platform/contracts';
import { apiRequest } from './http';

type AnyEndpoint = Endpoint<any, any, any, any>;
/** A part of the call is required when the endpoint's type requires something in it. */
type Part<K extends string, T> = [T] extends [undefined] ? { [P in K]?: undefined } : {} extends T ? { [P in K]?: T } : { [P in K]: T };

export type CallOptions<E extends AnyEndpoint> = {
  /** The region's service (`/api/<region>/...`); absent: the gateway's default region. */
  region?: Region;
  /** Workspace secret or agent key; without it the session cookie authenticates. */
  bearer?: string;
  signal?: AbortSignal;
} & Part<'params', ParamsOf<E>> &
  Part<'query', QueryOf<E>> &
  Part<'body', BodyOf<E>>;

/**
 * Calls one endpoint of the catalog in contracts (`WORKSPACE_API`, `AGENT_API`): the path, the
 * request and the answer's type all come from its definition, so a changed shape fails the
 * build here and in the service.
 */
export function callApi<E extends AnyEndpoint>(endpoint: E, options: CallOptions<E>): Promise<ResponseOf<E>> {
  const { region, bearer, signal, params, query, body } = options as CallOptions<AnyEndpoint> & { params?: Record<string, string>; query?: Record<string, string>; body?: unknown };
  return apiRequest<ResponseOf<E>>(gatewayPath(endpoint, params, region, query), {
    method: endpoint.method.toUpperCase() as 'GET' | 'POST' | 'DELETE',
    body,
    bearer,
    signal,
  });
}
