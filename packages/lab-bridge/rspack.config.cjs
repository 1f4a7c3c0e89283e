// Merged into the labextension builder's rspack configuration (package.json, jupyterlab.rspackConfig).
const { SwcJsMinimizerRspackPlugin } = require('@rspack/core');

module.exports = {
  module: {
    rules: [
      // The CSS bridge.ts inserts as text, minified.
      { test: /\.raw\.css$/, use: [{ loader: 'builtin:lightningcss-loader', options: { minify: true } }] },
      // The zod inputs' descriptions, which the page never reads (the loader says why): about 0.4 kB gzip.
      {
        test: [/[\\/]protocol[\\/]dist[\\/][^\\/]+\.js$/, /[\\/]lib[\\/]catalogue[\\/]settings-tools\.js$/],
        use: [{ loader: require.resolve('./scripts/without-input-descriptions.cjs') }]
      }
    ]
  },
  optimization: {
    // zod and @noble/hashes in the bridge's chunk, which alone imports them, rather than in a chunk of their own.
    splitChunks: false,
    minimizer: [
      new SwcJsMinimizerRspackPlugin({
        // With these on, SWC inlines @noble/hashes' pure SHA-512 tables before it could drop them
        // (the pairing proof uses SHA-256 only): about 0.6 kB gzip.
        minimizerOptions: { compress: { reduce_vars: false, inline: 0 } }
      })
    ]
  }
};
