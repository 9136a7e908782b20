import { constants as zlib } from 'node:zlib';
import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import type { ChunkingContext } from 'rolldown';
import { defineConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { webAppFiles } from './web-app-build.ts';

const appDirectory = new URL('./app', import.meta.url).pathname;

// The browser's chunks (docs/decisions/0028): React, React DOM and React Router in one file, the
// same for every page and cached for long; our code that every storefront page runs (the root and
// the shop's layout, with what they import) in one more, rather than in a score of small files
// that each cost a request and compress worse; the rest split by route and by island as usual.
const FRAMEWORK = /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/;
const SHELL_ROUTES = [/[\\/]app[\\/]root\.tsx$/, /[\\/]app[\\/]routes[\\/]shop-layout\.tsx$/];
// Run by every storefront page too, though not through the layout: each route's meta and its
// error page.
const SHELL_MODULES = [
  /[\\/]app[\\/]lib[\\/]seo\.ts$/,
  /[\\/]app[\\/]components[\\/]ui[\\/]error-state\.tsx$/,
];
const inShell = new Map<string, boolean>();

/**
 * Whether the module is a shell module or a shell route or module imports it statically, through
 * any chain (the routes themselves stay apart: React Router loads them).
 */
function reachedFromShell(id: string, ctx: ChunkingContext): boolean {
  const known = inShell.get(id);
  if (known !== undefined) return known;
  const isShellRoute = (module: string) => SHELL_ROUTES.some((route) => route.test(module));
  const isShellModule = (module: string) => SHELL_MODULES.some((shellModule) => shellModule.test(module));
  const seen = new Set([id]);
  const queue = [...(ctx.getModuleInfo(id)?.importers ?? [])];
  let found = isShellModule(id);
  while (queue.length && !found) {
    const importer = queue.pop() as string;
    if (seen.has(importer)) continue;
    seen.add(importer);
    if (isShellRoute(importer) || isShellModule(importer)) found = true;
    else queue.push(...(ctx.getModuleInfo(importer)?.importers ?? []));
  }
  const shell = found && !isShellRoute(id);
  inShell.set(id, shell);
  return shell;
}

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
    // The installable app's icons and its service worker (docs/decisions/0036).
    webAppFiles(),
  ],
  environments: {
    client: {
      build: {
        // Dynamic imports (islands, lazy parts) fetch what they import themselves: no preload helper
        // in every page's first load for them.
        modulePreload: false,
        rolldownOptions: {
          output: {
            codeSplitting: {
              // The framework first: a group takes along what its modules import, and the shell
              // imports React and React Router.
              groups: [
                { name: 'vendor', test: FRAMEWORK, priority: 2 },
                { name: (id, ctx) => (reachedFromShell(id, ctx) ? 'shell' : null), priority: 1 },
              ],
            },
          },
        },
      },
    },
  },
  ssr: { external: ['@souk/api'], noExternal: [] },
  // A build made while the shop runs (an update, before its rolling restart) leaves the previous
  // build's files in place: the processes not yet restarted still render pages that name them
  // (docs/decisions/0033). Their names are hashes, so nothing is overwritten but the entries.
  build: { emptyOutDir: false },
});
