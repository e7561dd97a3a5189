const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { ModuleFederationPlugin } = require('webpack').container;
const { baseConfig, sharedModules, shellDist } = require('@platform/ui/webpack/common');

module.exports = (_env, argv) => {
  const mode = argv.mode ?? 'production';
  // The remotes build into dist/remotes first; cleaning must not remove them.
  const config = baseConfig({ mode, entry: { main: './src/index.ts' }, outputPath: shellDist, publicPath: '/', clean: { keep: /^remotes[\\/]/ } });
  config.output.uniqueName = 'shell';
  config.plugins.push(
    // No `remotes` here: src/remote-loader.ts fetches each remoteEntry.js when its route opens.
    new ModuleFederationPlugin({ name: 'shell', shared: sharedModules({ host: true }) }),
    new HtmlWebpackPlugin({ template: path.join(__dirname, 'src/index.html'), scriptLoading: 'defer' }),
  );
  config.optimization = {
    ...config.optimization,
    runtimeChunk: 'single',
    splitChunks: {
      chunks: 'all',
      cacheGroups: {
        // Long-lived vendor files: React and the component library change less often than our code.
        react: { test: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/, name: 'react', priority: 30, enforce: true },
        mantine: { test: /[\\/]node_modules[\\/](@mantine|@floating-ui|react-remove-scroll|react-number-format|react-textarea-autosize|@tabler)/, name: 'mantine', priority: 20, enforce: true, chunks: 'initial' },
        vendors: { test: /[\\/]node_modules[\\/]/, name: 'vendors', priority: 10, chunks: 'initial' },
      },
    },
  };
  return config;
};
