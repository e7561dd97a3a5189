// Webpack pieces shared by the shell (host) and the remotes, so their builds cannot drift.
const path = require('path');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');

const repoRoot = path.resolve(__dirname, '../../..');
const shellDist = path.join(repoRoot, 'frontends/shell/dist');
const uiVersion = require('../package.json').version;

/**
 * Shared singletons. The host provides them eagerly (they are in its first paint anyway);
 * remotes never bundle their own copy (import: false), so one React, one Mantine context
 * and one query cache exist on the page.
 */
function sharedModules({ host }) {
  const entry = (requiredVersion) =>
    host ? { singleton: true, eager: true, requiredVersion } : { singleton: true, import: false, requiredVersion };
  return {
    react: entry('^18.3.1'),
    'react-dom': entry('^18.3.1'),
    '@tanstack/react-query': entry('^5.0.0'),
    '@platform/ui': entry(`^${uiVersion}`),
  };
}

/** TypeScript through swc, contracts from source (tree-shaken), CSS extracted in production. */
function baseConfig({ mode, entry, outputPath, publicPath, clean = true }) {
  const production = mode === 'production';
  return {
    mode,
    entry,
    target: 'web',
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
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

module.exports = { repoRoot, shellDist, sharedModules, baseConfig };

/** Full webpack config of a remote: exposes './app' (single-spa lifecycles) into shell/dist/remotes/<name>/. */
function remoteConfig({ name, exposes, mode }) {
  const { ModuleFederationPlugin } = require('webpack').container;
  const config = baseConfig({
    mode,
    entry: {},
    outputPath: path.join(shellDist, 'remotes', name),
    publicPath: `/remotes/${name}/`,
  });
  config.output.uniqueName = name;
  config.plugins.push(
    new ModuleFederationPlugin({ name, filename: 'remoteEntry.js', exposes, shared: sharedModules({ host: false }) }),
  );
  return config;
}

module.exports.remoteConfig = remoteConfig;
