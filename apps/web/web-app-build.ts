// The installable app's files, made with the browser's build (docs/decisions/0036): the icons,
// drawn from public/logo.svg; the service worker, bundled with the build's fingerprint so that
// each new build is a new version for the phones that hold the old one; the pages' offline script.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { brotliCompressSync, gzipSync, constants as zlib } from 'node:zlib';
import { build } from 'rolldown';
import sharp from 'sharp';
import type { Plugin } from 'vite';
import { OFFLINE_SCRIPT_PATH, SERVICE_WORKER_PATH } from './app/features/offline/offline-marks.ts';
import { THEME_COLOR } from './app/lib/seo.ts';
import { APP_ICONS } from './app/lib/web-app.ts';

const webRoot = import.meta.dirname;
const LOGO = path.join(webRoot, 'public/logo.svg');
/** The share of a maskable icon the mark takes: Android's safe zone is the middle 80 % circle. */
const MASKABLE_MARK = 0.7;

/** One icon at its size: the logo as it is, or, for a maskable one, inside the safe zone on the header's colour. */
export async function drawIcon(size: number, purpose: 'any' | 'maskable'): Promise<Buffer> {
  const logo = await readFile(LOGO);
  const render = (width: number) =>
    // Drawn from the vector at the size wanted (density), not a small bitmap scaled up.
    sharp(logo, { density: Math.ceil((72 * width) / 180) })
      .resize(width, width)
      .png()
      .toBuffer();
  if (purpose === 'any')
    return sharp(await render(size))
      .png({ compressionLevel: 9 })
      .toBuffer();
  const mark = Math.round(size * MASKABLE_MARK);
  return sharp({ create: { width: size, height: size, channels: 4, background: THEME_COLOR } })
    .composite([{ input: await render(mark), gravity: 'center' }])
    .png({ compressionLevel: 9 })
    .toBuffer();
}

/** One script of its own (no imports left), minified, for the browser. */
async function bundleScript(input: string, tsconfig: string, define: Record<string, string>) {
  const result = await build({
    input: path.join(webRoot, input),
    platform: 'browser',
    write: false,
    tsconfig: path.join(webRoot, tsconfig),
    transform: { define },
    output: { format: 'iife', minify: true },
  });
  const [chunk] = result.output;
  if (chunk?.type !== 'chunk') throw new Error(`${input}: no code`);
  return chunk.code;
}

/** The service worker's code, with this build's fingerprint. */
export const bundleServiceWorker = (version: string) =>
  bundleScript('service-worker/service-worker.ts', 'service-worker/tsconfig.json', {
    __SOUK_VERSION__: JSON.stringify(version),
    // Workbox's development logging goes with `NODE_ENV`.
    'process.env.NODE_ENV': '"production"',
  });

/** A build's fingerprint: its files' names are their contents' hashes. */
export const buildVersion = (fileNames: string[]) =>
  createHash('sha256').update(fileNames.toSorted().join('\n')).digest('hex').slice(0, 12);

/** Writes a file beside its brotli and gzip copies, as the build's other files (server.ts sends them as they are). */
async function writeCompressed(file: string, content: Buffer | string) {
  const bytes = Buffer.from(content);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, bytes);
  await writeFile(`${file}.br`, brotliCompressSync(bytes, { params: { [zlib.BROTLI_PARAM_QUALITY]: 11 } }));
  await writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
}

/** The service worker of the build `version`, where the build's files are (`clientDir`). */
export async function writeServiceWorker(clientDir: string, version: string) {
  await writeCompressed(path.join(clientDir, SERVICE_WORKER_PATH), await bundleServiceWorker(version));
}

/** The Vite plugin: after the browser's build is written, its icons, its service worker and its offline script. */
export function webAppFiles(): Plugin {
  return {
    name: 'souk-web-app-files',
    apply: 'build',
    applyToEnvironment: (environment) => environment.name === 'client',
    async writeBundle(options, bundle) {
      const outDir = options.dir as string;
      for (const icon of APP_ICONS) {
        const file = path.join(outDir, icon.src);
        await mkdir(path.dirname(file), { recursive: true });
        await writeFile(file, await drawIcon(icon.size, icon.purpose));
      }
      await writeServiceWorker(outDir, buildVersion(Object.keys(bundle)));
      // The page's side, started by every page once it has loaded (features/offline/offline-support.ts).
      await writeCompressed(
        path.join(outDir, OFFLINE_SCRIPT_PATH),
        await bundleScript('app/features/offline/offline-support.ts', 'tsconfig.json', {}),
      );
    },
  };
}
