const path = require('path');
const { repoRoot, shellDist } = require('@platform/ui/webpack/common');

/*
 * One standalone script, /widget/embed.js, that any site loads with a <script> tag: no
 * chunks, no React, its name fixed (the snippets point at it; the gateway revalidates it).
 * Built after the shell into the shell's dist, which the gateway serves.
 */
module.exports = (_env, argv) => ({
  mode: argv.mode ?? 'production',
  entry: { embed: './src/embed.ts' },
  target: 'web',
  devtool: false,
  output: { path: path.join(shellDist, 'widget'), filename: '[name].js', clean: true, iife: true },
  resolve: {
    extensions: ['.ts', '.js', '.mjs'],
    alias: {
      '@platform/contracts$': path.join(repoRoot, 'contracts/src/index.ts'),
      '@platform/ui': path.join(repoRoot, 'frontends/ui/src'),
      joi$: path.join(__dirname, 'joi-stub.js'),
    },
  },
  module: {
    rules: [
      { test: /\.[cm]?[jt]s$/, exclude: /node_modules/, use: { loader: 'swc-loader', options: { jsc: { parser: { syntax: 'typescript' }, target: 'es2020' } } } },
      // contracts' modules only declare constants and schemas: unused ones (and joi) drop out.
      { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
    ],
  },
  optimization: { splitChunks: false, runtimeChunk: false },
  // The budget is 30 KB gzip; this bound on the raw file fails the build well before.
  performance: { hints: 'error', maxAssetSize: 90 * 1024, maxEntrypointSize: 90 * 1024 },
  stats: 'errors-warnings',
});
