import { useSyncExternalStore } from 'react';

/*
 * Remotes do not ship a router: they read the URL and push to history. single-spa patches
 * pushState and fires popstate, so the shell's router and every app see the change.
 */
const subscribe = (onChange: () => void) => {
  window.addEventListener('popstate', onChange);
  return () => window.removeEventListener('popstate', onChange);
};

export function useLocationPath(): string {
  return useSyncExternalStore(subscribe, () => window.location.pathname + window.location.search);
}

export function navigateTo(url: string): void {
  window.history.pushState(null, '', url);
}
