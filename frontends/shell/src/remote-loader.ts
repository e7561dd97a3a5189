import type { LifeCycles } from 'single-spa';
import type { RemoteName } from '@platform/ui';

/*
 * Remotes are loaded by hand instead of through ModuleFederationPlugin `remotes`: webpack
 * initialises every declared remote (fetching its remoteEntry.js) as soon as any lazy chunk
 * consumes a shared module, which would defeat loading them on demand.
 */
declare const __webpack_init_sharing__: (scope: string) => Promise<void>;
declare const __webpack_share_scopes__: { default: unknown };

interface Container {
  init(scope: unknown): Promise<void>;
  get(module: string): Promise<() => unknown>;
}

export const remoteEntryUrl = (name: RemoteName) => `/remotes/${name}/remoteEntry.js`;

const containers = new Map<RemoteName, Promise<Container>>();

function loadScript(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.onload = () => resolve();
    script.onerror = () => {
      script.remove();
      reject(new Error(`Failed to load ${url}`));
    };
    document.head.appendChild(script);
  });
}

function container(name: RemoteName): Promise<Container> {
  let pending = containers.get(name);
  if (!pending) {
    pending = (async () => {
      await loadScript(remoteEntryUrl(name));
      await __webpack_init_sharing__('default');
      const found = (window as unknown as Record<string, Container | undefined>)[name];
      if (!found) throw new Error(`Remote ${name} did not register its container`);
      await found.init(__webpack_share_scopes__.default);
      return found;
    })();
    // A failed load may be retried on the next route change.
    pending.catch(() => containers.delete(name));
    containers.set(name, pending);
  }
  return pending;
}

/** The single-spa lifecycles a remote exposes as './app'. */
export async function loadRemoteApp(name: RemoteName): Promise<LifeCycles> {
  const factory = await (await container(name)).get('./app');
  return factory() as LifeCycles;
}
