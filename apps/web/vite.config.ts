import { fastifyReactRouterDev } from '@mcansh/react-router-fastify/vite';
import { reactRouter } from '@react-router/dev/vite';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig } from 'vite';

const appDirectory = new URL('./app', import.meta.url).pathname;

export default defineConfig({
  // The '~/…' imports of tsconfig, for every environment (the dev SSR runner included).
  resolve: { alias: { '~': appDirectory } },
  plugins: [
    tailwindcss(),
    reactRouter(),
    fastifyReactRouterDev({ entry: './server.ts', externalizeServerEntryImports: ['#api-context'] }),
  ],
  ssr: { external: ['@souk/api'], noExternal: [] },
});
