// Which sources a build of the web app was made from, so that `npm start` builds only when none
// exists for the sources at hand: a second process started beside a first must not rewrite the
// files the first is serving (docs/decisions/0033).
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const webRoot = import.meta.dirname;
const repoRoot = path.join(webRoot, '../..');

/** Where the build keeps the fingerprint of its sources. */
export const STAMP_FILE = path.join(webRoot, 'build/sources.sha256');

// Everything the client and server builds read: the app, its public files, the domain package it
// bundles, the build's configuration and the dependencies' exact versions.
const SOURCES = [
  'apps/web/app',
  'apps/web/public',
  'apps/web/service-worker',
  'apps/web/web-app-build.ts',
  'apps/web/vite.config.ts',
  'apps/web/react-router.config.ts',
  'apps/web/package.json',
  'apps/web/tsconfig.json',
  'packages/domain/src',
  'packages/domain/package.json',
  'package-lock.json',
];

function filesOf(relative: string): string[] {
  const absolute = path.join(repoRoot, relative);
  if (!existsSync(absolute)) return [];
  if (!statSync(absolute).isDirectory()) return [relative];
  return readdirSync(absolute, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(repoRoot, path.join(entry.parentPath, entry.name)))
    .filter((file) => !/\.test\.tsx?$/.test(file));
}

/** The fingerprint of the sources as they are now: their paths and contents, in a stable order. */
export function sourcesFingerprint(): string {
  const hash = createHash('sha256');
  const files = SOURCES.flatMap(filesOf)
    .map((file) => file.split(path.sep).join('/'))
    .sort();
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(repoRoot, file)))
      .update('\0');
  }
  return hash.digest('hex');
}

/** Whether a build exists and was made from the sources as they are now. */
export function buildIsCurrent(): boolean {
  if (!existsSync(path.join(webRoot, 'build/server/index.js'))) return false;
  try {
    return readFileSync(STAMP_FILE, 'utf8').trim() === sourcesFingerprint();
  } catch {
    return false;
  }
}

// `node apps/web/build-stamp.ts`: run by `npm run build` once the build has succeeded.
if (import.meta.main) {
  writeFileSync(STAMP_FILE, `${sourcesFingerprint()}\n`);
}
