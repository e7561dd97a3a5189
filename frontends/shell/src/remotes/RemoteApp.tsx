import { useState } from 'react';
import Parcel from 'single-spa-react/parcel';
import { Alert, type RemoteName, type RemoteProps } from '@platform/ui';

// The federation runtime arrives with the first remote route.
export const loadParcel = (name: RemoteName) => import('./federation').then((federation) => federation.loadRemoteParcel(name));

/**
 * A remote mounted where its route renders: the route is declared once, in the shell's router,
 * and the element exists before single-spa mounts the parcel into it.
 */
export function RemoteApp<N extends RemoteName>({ name, ...props }: { name: N } & RemoteProps[N]) {
  const [failed, setFailed] = useState(false);
  if (failed) {
    return (
      <Alert color="red" title="This section failed to load" role="alert">
        Reload the page to try again.
      </Alert>
    );
  }
  return (
    <Parcel
      config={() => loadParcel(name)}
      wrapClassName="remote-outlet"
      handleError={(error: Error) => {
        console.error(`remote ${name} failed`, error);
        setFailed(true);
      }}
      {...props}
    />
  );
}
