// Merged into the labextension builder's rspack configuration (package.json, jupyterlab.rspackConfig).
const fs = require('node:fs');
const path = require('node:path');
const { SwcJsMinimizerRspackPlugin } = require('@rspack/core');

/**
 * The builder writes static/style.js, a list of CSS imports for a core build of JupyterLab,
 * for every extension; this one has no `style` entry (bridge.ts inserts its CSS), so no page
 * loads the file: it is left out of the package.
 */
class WithoutStyleImports {
  apply(compiler) {
    compiler.hooks.afterEmit.tap('WithoutStyleImports', () => {
      fs.rmSync(path.join(compiler.options.output.path, 'style.js'), { force: true });
    });
  }
}

// The pairing proof with @noble/hashes, which only it imports: a chunk of its own, minified apart.
const PAIRING = /[\\/](@noble[\\/]hashes[\\/]|protocol[\\/]dist[\\/]pairing\.js$)/;

module.exports = {
  plugins: [new WithoutStyleImports()],
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
    // zod in the bridge's chunk, which alone imports it, rather than in a chunk of its own. The
    // pairing proof in a chunk fetched beside it, so that the rest is minified with SWC's defaults:
    // about 0.5 kB gzip less in all (the pairing proof in the bridge's chunk: 0.1 kB more).
    splitChunks: {
      cacheGroups: { default: false, defaultVendors: false, pairing: { test: PAIRING, name: 'pairing', chunks: 'all', enforce: true } }
    },
    minimizer: [
      new SwcJsMinimizerRspackPlugin({
        include: /^pairing\./,
        // With these on, SWC inlines @noble/hashes' pure SHA-512 tables before it could drop them
        // (the pairing proof uses SHA-256 only): about 0.6 kB gzip.
        minimizerOptions: { compress: { reduce_vars: false, inline: 0 } }
      }),
      // Three passes rather than one: about 0.25 kB gzip.
      new SwcJsMinimizerRspackPlugin({ exclude: /^pairing\./, minimizerOptions: { compress: { passes: 3 } } })
    ]
  }
};
