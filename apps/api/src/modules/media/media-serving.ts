import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { isMediaFileName, MEDIA_CSP, MEDIA_TYPES } from './media-names.ts';

/**
 * `/media/*` from `mediaDir`: only the files the shop makes (media-names.ts), each as what it is
 * and in a sandbox, a year in any cache (a name is written once). A page or an SVG slipped into
 * DATA_DIR/media (a tampered backup) is a 404, never a page of the shop's origin. The shipped
 * nginx serves the same names the same way (deploy/nginx/souk-proxy.conf).
 */
export async function serveMedia(app: FastifyInstance, mediaDir: string) {
  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: '/media/',
    decorateReply: false,
    immutable: true,
    maxAge: '365d',
    allowedPath: (pathName) => pathName.startsWith('/') && isMediaFileName(pathName.slice(1)),
    setHeaders: (res, filePath) => {
      const extension = path.extname(filePath).slice(1) as keyof typeof MEDIA_TYPES;
      res.header('Content-Type', MEDIA_TYPES[extension] ?? 'application/octet-stream');
      res.header('Content-Security-Policy', MEDIA_CSP);
      res.header('X-Content-Type-Options', 'nosniff');
    },
  });
}
