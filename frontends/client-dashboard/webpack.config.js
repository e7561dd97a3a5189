const path = require('path');
const { baseConfig, remoteConfig, shellDist } = require('@platform/ui/webpack/common');

const PUSH_WORKER = 'push-sw.js';

module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  const remote = remoteConfig({ name: 'client_dashboard', exposes: { './app': './src/app.tsx' }, mode });
  // The push service worker is built beside the remote; the remote's cleaning keeps it.
  remote.output.clean = { keep: new RegExp(`^${PUSH_WORKER.replace('.', '\\.')}`) };
  const outputPath = path.join(shellDist, 'remotes', 'client_dashboard');
  // A stable name (the registration's URL) and a worker target: no Module Federation, no chunks.
  const pushWorker = baseConfig({ mode, entry: { 'push-sw': './src/push/push-sw.ts' }, outputPath, publicPath: '/remotes/client_dashboard/', clean: false });
  pushWorker.name = 'push-worker';
  pushWorker.target = 'webworker';
  pushWorker.output.filename = PUSH_WORKER;
  return [remote, pushWorker];
};
