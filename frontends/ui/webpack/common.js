// Webpack pieces shared by the shell (host) and the remotes, so their builds cannot drift.
const path = require('path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');

const repoRoot = path.resolve(__dirname, '../../..');
const shellDist = path.join(repoRoot, 'frontends/shell/dist');

/**
 * Shared singletons: only what must be one instance on the page (React's renderer and the
 * query library). The shell provides them through the Module Federation runtime
 * (shell/src/remotes/federation.ts, same names); remotes never bundle their own copy
 * (import: false). Everything else, Mantine and @platform/ui included, is bundled per app and
 * tree-shaken, so a page downloads only what it renders.
 */
const SHARED = { react: '^18.3.1', 'react-dom': '^18.3.1', '@tanstack/react-query': '^5.0.0' };
const remoteShared = () =>
  Object.fromEntries(Object.entries(SHARED).map(([name, requiredVersion]) => [name, { singleton: true, import: false, requiredVersion }]));

/** TypeScript through swc, contracts from source (tree-shaken), CSS extracted in production. */
function baseConfig({ mode, entry, outputPath, publicPath, clean = true }) {
  const production = mode === 'production';
  return {
    mode,
    entry,
    target: 'web',
    // Never an eval-based devtool: the gateway's CSP (script-src 'self') refuses eval in every mode.
    devtool: production ? 'source-map' : 'cheap-module-source-map',
    output: {
      path: outputPath,
      publicPath,
      filename: production ? '[name].[contenthash:10].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:10].js' : '[name].js',
      clean,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.mjs', '.js'],
      alias: { '@platform/contracts$': path.join(repoRoot, 'contracts/src/index.ts') },
    },
    module: {
      rules: [
        {
          test: /\.[cm]?[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: {
              jsc: {
                parser: { syntax: 'typescript', tsx: true },
                transform: { react: { runtime: 'automatic' } },
                target: 'es2020',
              },
            },
          },
        },
        // contracts' modules only declare constants and schemas: unused ones (and joi) drop out.
        { test: /[\\/]contracts[\\/]src[\\/]/, sideEffects: false },
        { test: /\.css$/, use: [MiniCssExtractPlugin.loader, 'css-loader'] },
        // Self-hosted web fonts (@fontsource): hashed files next to the scripts, never inlined.
        { test: /\.woff2?$/, type: 'asset/resource', generator: { filename: 'fonts/[name].[contenthash:10][ext]' } },
        // Media (an intro video and its captions): hashed files too, fetched only when a page shows them.
        { test: /\.(?:webm|vtt)$/, type: 'asset/resource', generator: { filename: 'media/[name].[contenthash:10][ext]' } },
      ],
    },
    plugins: [
      new MiniCssExtractPlugin({
        filename: production ? '[name].[contenthash:10].css' : '[name].css',
        chunkFilename: production ? '[name].[contenthash:10].css' : '[name].css',
      }),
    ],
    // '...' keeps webpack's JS minifier next to the CSS one.
    optimization: { minimizer: ['...', new CssMinimizerPlugin()] },
    performance: { hints: false },
    stats: 'errors-warnings',
  };
}

module.exports = { repoRoot, shellDist, baseConfig };

/** Full webpack config of a remote: exposes './app' (a single-spa parcel) into shell/dist/remotes/<name>/. */
function remoteConfig({ name, exposes, mode }) {
  const config = baseConfig({
    mode,
    entry: {},
    outputPath: path.join(shellDist, 'remotes', name),
    publicPath: `/remotes/${name}/`,
  });
  config.output.uniqueName = name;
  const { ModuleFederationPlugin } = require('webpack').container;
  config.plugins.push(new ModuleFederationPlugin({ name, filename: 'remoteEntry.js', exposes, shared: remoteShared() }));
  return config;
}

module.exports.remoteConfig = remoteConfig;
