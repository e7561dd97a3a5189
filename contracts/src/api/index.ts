export * from './endpoint';
export * from './workspace';
export * from './agent';
export * from './billing';

import { AGENT_API } from './agent';
import { BILLING_API } from './billing';
import type { Endpoint } from './endpoint';
import { WORKSPACE_API } from './workspace';

/** Every endpoint of every service. */
export const API_CATALOG: ReadonlyArray<Endpoint<any, any, any, any>> = [...Object.values(WORKSPACE_API), ...Object.values(AGENT_API), ...Object.values(BILLING_API)];
