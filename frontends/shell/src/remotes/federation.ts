import * as React from 'react';
import * as ReactDOM from 'react-dom';
import * as ReactQuery from '@tanstack/react-query';
import { createInstance } from '@module-federation/runtime';
import type { ParcelConfigObject } from 'single-spa';
import type { RemoteName } from '@platform/ui';
import reactPackage from 'react/package.json';
import reactDomPackage from 'react-dom/package.json';
import reactQueryPackage from '@tanstack/react-query/package.json';

/*
 * The Module Federation runtime of the shell (loaded with the first remote route, not before).
 * Remotes are declared here, once; the shared singletons are the shell's own instances, under
 * the names the remotes consume (ui/webpack/common.js: react, react-dom, @tanstack/react-query).
 */
const singleton = (version: string, requiredVersion: string, lib: unknown) => ({
  version,
  lib: () => lib,
  shareConfig: { singleton: true, requiredVersion },
});

const REMOTES = ['agency_settings', 'client_dashboard', 'billing'] as const;
/** Parcels a remote exposes under another name than './app' (the client dashboard opens the client billing modal). */
const PARCEL_MODULES: Partial<Record<RemoteName, string>> = { client_billing: 'billing/ClientBillingModal' };

const federation = createInstance({
  name: 'shell',
  remotes: REMOTES.map((name) => ({ name, entry: `/remotes/${name}/remoteEntry.js` })),
  shared: {
    react: singleton(reactPackage.version, '^18.3.1', React),
    'react-dom': singleton(reactDomPackage.version, '^18.3.1', ReactDOM),
    '@tanstack/react-query': singleton(reactQueryPackage.version, '^5.0.0', ReactQuery),
  },
});

/** A remote's './app' parcel (or the module PARCEL_MODULES names); the runtime fetches its remoteEntry.js once. */
export async function loadRemoteParcel(name: RemoteName): Promise<ParcelConfigObject> {
  const id = PARCEL_MODULES[name] ?? `${name}/app`;
  const module = await federation.loadRemote<{ default: ParcelConfigObject }>(id);
  if (!module) throw new Error(`Remote module ${id} is missing`);
  return module.default;
}
