export * from './endpoint';
export * from './workspace';
export * from './agent';
export * from './onboarding';

import { AGENT_API } from './agent';
import type { Endpoint } from './endpoint';
import { WORKSPACE_API } from './workspace';
import { ONBOARDING_API } from './onboarding';

/** Every endpoint of every service. */
export const API_CATALOG: ReadonlyArray<Endpoint<any, any, any, any>> = [...Object.values(WORKSPACE_API), ...Object.values(AGENT_API), ...Object.values(ONBOARDING_API)];
