const { remoteConfig } = require('@platform/ui/webpack/common');

module.exports = (_env, argv) => remoteConfig({ name: 'billing', exposes: { './app': './src/app.tsx', './ClientBillingModal': './src/client/parcel.tsx' }, mode: argv.mode ?? 'production' });
