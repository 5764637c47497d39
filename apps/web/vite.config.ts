import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
// A relative path: Vite bundles it into the config, where Node could not load the package's TypeScript.
import { jsonBlock, SITE_DATA_ID } from '../../packages/core/src/contracts/page-data';

const api = process.env.API_URL ?? 'http://127.0.0.1:3000';

/**
 * In `vite dev` the page does not come through the platform's server, which writes the site's identity into
 * every page: this asks the running API for it and writes the same block.
 */
const siteDataInDev = (): Plugin => ({
  name: 'site-data-in-dev',
  apply: 'serve',
  async transformIndexHtml(html) {
    const response = await fetch(`${api}/api/site`).catch(() => null);
    if (!response?.ok)
      throw new Error(`vite dev needs the API running at ${api} (npm start, or set API_URL).`);
    return html.replace('<!--page-data-->', jsonBlock(SITE_DATA_ID, await response.json()));
  },
});

/**
 * Writes a brotli and a gzip copy beside each script, stylesheet and image, compressed once at the highest level,
 * for the server to send as they are (@fastify/static preCompressed) instead of compressing on every request.
 */
const precompress = (): Plugin => ({
  name: 'precompress',
  apply: (_config, { command, isSsrBuild }) => command === 'build' && !isSsrBuild,
  writeBundle(options, bundle) {
    for (const file of Object.values(bundle)) {
      if (!/\.(js|css|svg)$/.test(file.fileName)) continue;
      const content = file.type === 'chunk' ? file.code : file.source;
      const target = path.join(options.dir!, file.fileName);
      writeFileSync(
        `${target}.br`,
        brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
      );
      writeFileSync(`${target}.gz`, gzipSync(content, { level: 9 }));
    }
  },
});

export default defineConfig(({ isSsrBuild }) => ({
  // The server renderer needs no copy of the public files.
  publicDir: isSsrBuild ? false : 'public',
  plugins: [react(), tailwindcss(), siteDataInDev(), precompress()],
  server: {
    port: 5173,
    proxy: { '/api': api, '/sandbox': api },
  },
  // The server renderer carries the workspace's own TypeScript packages inside it; npm packages stay external.
  ssr: { noExternal: ['@coop/core'] },
  build: {
    target: 'es2022',
    sourcemap: false,
    // React, its renderer and React Router in one chunk of their own, loaded by every page: left to itself, the bundler
    // put React and its JSX runtime in a small chunk apart from react-dom in the entry, which cost the home page about a
    // kilobyte more (issue 38). The chunk also changes only when these libraries do, so a release keeps it cached.
    rolldownOptions: isSsrBuild
      ? {}
      : {
          output: {
            codeSplitting: {
              groups: [{ name: 'react', test: /\/node_modules\/(react|react-dom|scheduler|react-router)\// }],
            },
          },
        },
  },
}));
