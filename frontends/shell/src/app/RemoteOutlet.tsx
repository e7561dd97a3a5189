import { remoteOutletId, type RemoteName } from '@platform/ui';

/** The element single-spa mounts a remote into. React never renders children here. */
export function RemoteOutlet({ name }: { name: RemoteName }) {
  return <div id={remoteOutletId(name)} className="remote-outlet" data-remote={name} />;
}
