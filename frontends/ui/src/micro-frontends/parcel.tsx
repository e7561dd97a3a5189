import React, { type ComponentType } from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ParcelConfigObject } from 'single-spa';
import { UiProvider } from '../components/UiProvider';
import type { RemoteName, RemoteProps } from './remotes';

function RemoteError() {
  return <div role="alert">This section failed to load. Reload the page to try again.</div>;
}

/**
 * A remote's root component as a single-spa parcel. The shell mounts it into the element its
 * route renders (single-spa-react's <Parcel>), so the element always exists when it mounts, and
 * passes the route's props on every change. The remote has its own Mantine and query roots.
 */
export function createRemoteParcel<N extends RemoteName>(name: N, Root: ComponentType<RemoteProps[N]>): ParcelConfigObject<RemoteProps[N]> {
  return {
    name,
    ...singleSpaReact<RemoteProps[N]>({
      React,
      ReactDOMClient,
      rootComponent: (props) => (
        <UiProvider>
          <Root {...(props as RemoteProps[N] & JSX.IntrinsicAttributes)} />
        </UiProvider>
      ),
      errorBoundary: () => <RemoteError />,
    }),
  };
}
