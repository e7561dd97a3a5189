const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { baseConfig, shellDist } = require('@platform/ui/webpack/common');

/*
 * The shell is a plain webpack app: it loads remotes with the Module Federation runtime
 * (src/remotes/federation.ts), which provides the shared singletons and fetches a remote's
 * remoteEntry.js only when a route renders it.
 */
module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  // The remotes build into dist/remotes first; cleaning must not remove them.
  const config = baseConfig({ mode, entry: { main: './src/index.ts' }, outputPath: shellDist, publicPath: '/', clean: { keep: /^remotes[\\/]/ } });
  config.output.uniqueName = 'shell';
  config.plugins.push(
    // No inline script: the page runs under CSP script-src 'self'.
    new HtmlWebpackPlugin({ template: path.join(__dirname, 'src/index.html'), favicon: path.join(__dirname, 'src/favicon.ico'), scriptLoading: 'defer' }),
  );
  config.optimization = {
    ...config.optimization,
    splitChunks: {
      chunks: 'all',
      cacheGroups: {
        // Long-lived vendor file: React changes less often than our code. Everything else is
        // split by route (webpack's defaults), so heavy editors load only with their tab.
        react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', priority: 30, enforce: true },
      },
    },
  };
  return config;
};
