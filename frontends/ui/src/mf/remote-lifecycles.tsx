import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { UiProvider } from '../components/UiProvider';
import { remoteOutletId, type RemoteName } from './remotes';

const OUTLET_WAIT_MS = 5000;

/** Resolves with the shell's outlet once React has rendered it (single-spa may mount first). */
function waitForOutlet(id: string): Promise<HTMLElement> {
  return new Promise((resolve) => {
    const found = document.getElementById(id);
    if (found) return resolve(found);
    const observer = new MutationObserver(() => {
      const el = document.getElementById(id);
      if (el) done(el);
    });
    const timer = window.setTimeout(() => {
      // Never leave single-spa hanging in MOUNTING: mount into a body-level element instead.
      const el = document.createElement('div');
      el.id = id;
      document.body.appendChild(el);
      done(el);
    }, OUTLET_WAIT_MS);
    function done(el: HTMLElement) {
      observer.disconnect();
      window.clearTimeout(timer);
      resolve(el);
    }
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

function RemoteError() {
  return <div role="alert">This section failed to load. Reload the page to try again.</div>;
}

/** single-spa lifecycles for a remote's root component, rendered into the shell's outlet. */
export function createRemoteLifecycles(name: RemoteName, Root: ComponentType) {
  const id = remoteOutletId(name);
  const lifecycles = singleSpaReact({
    React,
    ReactDOMClient,
    rootComponent: () => (
      <UiProvider notifications={false}>
        <Root />
      </UiProvider>
    ),
    domElementGetter: () => document.getElementById(id) as HTMLElement,
    errorBoundary: () => <RemoteError />,
  });
  return {
    bootstrap: lifecycles.bootstrap,
    mount: [() => waitForOutlet(id), lifecycles.mount],
    unmount: lifecycles.unmount,
  };
}
