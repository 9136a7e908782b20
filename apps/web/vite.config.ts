import { constants as zlib } from 'node:zlib';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';

const appDirectory = new URL('./app', import.meta.url).pathname;

export default defineConfig({
  // The '~/…' imports of tsconfig, for every environment (the dev SSR runner included).
  resolve: { alias: { '~': appDirectory } },
  plugins: [
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: './server.ts', externalizeServerEntryImports: ['#api-context'] }),
    // The browser's files compressed once, at build time, as hard as brotli and gzip go: the server
    // sends these files as they are (server.ts, preCompressed), never compressing per request.
    compression({
      algorithms: [
        defineAlgorithm('brotliCompress', { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }),
        defineAlgorithm('gzip', { level: 9 }),
      ],
      include: /\.(js|css|svg|json|webmanifest|txt|xml)$/,
      // The server build's own files (index.js, its stylesheet copy) are never sent to a browser.
      exclude: [/^index\.js$/, /server-build-/],
      threshold: 1024,
    }),
  ],
  ssr: { external: ['@souk/api'], noExternal: [] },
});
