// A tiny page that renders the agent-area editors with canned data, for screenshots
// (not part of the shell build). Output: test-artifacts/editors/harness/ (gitignored).
// Build: npx webpack -c frontends/shell/scripts/editors-harness/webpack.config.js
const path = require('path');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { baseConfig, repoRoot } = require('@platform/ui/webpack/common');

module.exports = (_env, argv) => {
  const config = baseConfig({
    mode: argv.mode ?? 'development',
    entry: { harness: path.join(__dirname, 'harness.tsx') },
    outputPath: path.join(repoRoot, 'test-artifacts/editors/harness'),
    publicPath: 'auto',
  });
  config.devtool = false;
  config.plugins.push(
    new HtmlWebpackPlugin({
      templateContent: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Editors harness</title></head><body><div id="root"></div></body></html>',
      scriptLoading: 'defer',
    }),
  );
  return config;
};
