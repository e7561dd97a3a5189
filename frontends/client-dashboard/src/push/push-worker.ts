import type { PushWorker } from '@platform/ui';

/** The dashboard's push service worker (push-sw.ts, built by webpack.config.js beside the remote). */
export const PUSH_WORKER: PushWorker = { url: '/remotes/client_dashboard/push-sw.js', scope: '/remotes/client_dashboard/' };
