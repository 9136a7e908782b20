import { randomUUID } from 'node:crypto';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import {
  BULK_PRODUCTS_MAX,
  IMAGE_MAX_BYTES,
  MEDIA_FILES_MAX,
  PRODUCT_IMAGES_MAX,
  VIDEO_MAX_BYTES,
} from '@souk/domain/admin-limits';
import {
  MEDIA_TYPE_MESSAGE,
  type UploadedMediaFile,
  VIDEO_TOO_LARGE_MESSAGE,
} from '@souk/domain/admin-media';
import { IMAGE_TOO_LARGE_MESSAGE } from '@souk/domain/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '#shared/app-error.ts';
import { drainUnreadBody } from '#shared/early-answer.ts';
import { sniffImageFormat } from '../modules/media/image-pipeline.ts';
import { sniffVideo } from '../modules/media/video-pipeline.ts';
import { refuseNul } from './text-guard.ts';

/** The most files one form may carry: a product's main image and its additional ones. */
export const MAX_FILES = 1 + PRODUCT_IMAGES_MAX;

/** Limits of one multipart request: a handful of files and short fields (docs/architecture.md). */
export const MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: MAX_FILES,
  fields: 60,
  fieldSize: 64 * 1024,
  parts: 80,
  headerPairs: 100,
};

/** Bytes read from a file part before its type is decided (image magic bytes, ISO-BMFF brands). */
const SNIFF_BYTES = 64;

/** A bulk creation's rows as JSON: 50 products with long descriptions and their variants. */
const BULK_ROWS_FIELD_BYTES = 2 * 1024 * 1024;

const INVALID_FORM = 'Formulaire invalide : envoi incomplet ou mal formé';
const tooManyFiles = (max: number) => `Trop de fichiers : ${max} au plus par envoi`;
const TOO_MANY_FIELDS = 'Formulaire trop grand : trop de champs';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract's `multipart` (route.ts): 'media' reads videos too (the media manager's uploads). */
    multipart?: true | 'media' | 'bulk';
  }
  interface FastifyRequest {
    /** The temporary files the media reader wrote for this request: removed once it is answered. */
    uploadTempFiles: Set<string> | null;
  }
}

export type MultipartOptions = {
  /** Where videos are streamed while they arrive (config.tmpDir). */
  tmpDir: string;
  /** Largest video ('media' routes); VIDEO_MAX_BYTES unless a test lowers it. */
  videoMaxBytes?: number;
};

const tooLarge = (field: string, message: string) =>
  new AppError('too_large', message, { [field]: [message] });

/**
 * A file part read while it streams: busboy stops at `fileSize` and marks the part truncated, so an
 * oversized file is refused without being held whole. An empty part (a file input left empty) is
 * no file at all.
 */
async function readFile(part: MultipartFile): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) throw tooLarge(part.fieldname, IMAGE_TOO_LARGE_MESSAGE);
  const bytes = Buffer.concat(chunks);
  return bytes.length ? bytes : undefined;
}

/**
 * A media manager's file part, typed by its first bytes whatever its name or declared type: an
 * image is buffered (IMAGE_MAX_BYTES), a video streamed to a new file under `tmpDir` (recorded in
 * `written` before its first byte, so it is removed whatever happens next), anything else refused.
 * Sizes are counted as the bytes arrive: a part over its limit is refused there, not once whole.
 */
async function readMediaFile(
  part: MultipartFile,
  options: Required<MultipartOptions>,
  written: Set<string>,
): Promise<UploadedMediaFile | undefined> {
  const chunks = part.file[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let headBytes = 0;
  let ended = false;
  while (headBytes < SNIFF_BYTES) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    head.push(next.value);
    headBytes += next.value.length;
  }
  if (headBytes === 0) return undefined;
  const first = Buffer.concat(head);
  const rest = async function* () {
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) yield next.value;
  };

  if (sniffImageFormat(first)) {
    const parts: Buffer[] = [first];
    let size = first.length;
    if (size > IMAGE_MAX_BYTES) throw tooLarge(part.fieldname, IMAGE_TOO_LARGE_MESSAGE);
    for await (const chunk of rest()) {
      size += chunk.length;
      if (size > IMAGE_MAX_BYTES) throw tooLarge(part.fieldname, IMAGE_TOO_LARGE_MESSAGE);
      parts.push(chunk);
    }
    const bytes = Buffer.concat(parts);
    return { kind: 'image', bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) };
  }

  const video = sniffVideo(first);
  if (!video)
    throw new AppError('unsupported_type', MEDIA_TYPE_MESSAGE, { [part.fieldname]: [MEDIA_TYPE_MESSAGE] });
  await mkdir(options.tmpDir, { recursive: true });
  const file = path.join(options.tmpDir, `upload-${randomUUID()}.${video.container}`);
  written.add(file);
  const handle = await open(file, 'wx', 0o600);
  let size = 0;
  try {
    const write = async (chunk: Buffer) => {
      size += chunk.length;
      if (size > options.videoMaxBytes) throw tooLarge(part.fieldname, VIDEO_TOO_LARGE_MESSAGE);
      await handle.write(chunk);
    };
    await write(first);
    for await (const chunk of rest()) await write(chunk);
  } finally {
    await handle.close();
  }
  return { kind: 'video', path: file, sizeBytes: size, container: video.container };
}

const FILE_SYSCALLS = new Set(['open', 'write', 'mkdir', 'rename', 'close', 'unlink']);
const isFileSystemFault = (error: unknown) =>
  FILE_SYSCALLS.has(String((error as NodeJS.ErrnoException | null)?.syscall));

/** What went wrong while reading a form, in French: never a server error. */
function formError(error: unknown, media: boolean, maxFiles: number): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError('too_large', tooManyFiles(maxFiles));
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('too_large', TOO_MANY_FIELDS);
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    return new AppError('too_large', media ? VIDEO_TOO_LARGE_MESSAGE : IMAGE_TOO_LARGE_MESSAGE);
  // A missing boundary, a cut-off body, a forbidden field name ('__proto__'), garbage…
  return new AppError('bad_request', INVALID_FORM);
}

/**
 * Removes the request's temporary uploads still where the reader left them (a file the route moved
 * away is already gone). The list is kept: a file the reader opens after a first call (the client
 * gone mid-upload) is removed by the next, from the reader's own failure.
 */
async function removeTempFiles(request: FastifyRequest) {
  const files = request.uploadTempFiles;
  if (!files?.size) return;
  await Promise.all(
    [...files].map((file) =>
      rm(file, { force: true }).catch((error: Error) =>
        request.log.warn(`Fichier temporaire non supprimé (${file}) : ${error.message}`),
      ),
    ),
  );
}

/**
 * Reads a multipart form into the body — fields as text, files as bytes (or, on 'media' routes,
 * as `UploadedMediaFile` values), a repeated name as a list — so the route's schema validates it
 * as it would JSON. Every failure is the sender's: a 4xx.
 */
function formReader(options: Required<MultipartOptions>) {
  return async function readForm(request: FastifyRequest) {
    const media = request.routeOptions.config?.multipart === 'media';
    if (!request.isMultipart()) {
      // Files come from the reader only: a JSON body naming a file on the server is no upload.
      if (media && request.body && typeof request.body === 'object')
        delete (request.body as Record<string, unknown>).media_files;
      return;
    }
    const bulk = request.routeOptions.config?.multipart === 'bulk';
    const maxFiles = media ? MEDIA_FILES_MAX : bulk ? BULK_PRODUCTS_MAX : MAX_FILES;
    const limits = media
      ? {
          ...MULTIPART_LIMITS,
          files: MEDIA_FILES_MAX,
          // The reader counts and refuses first; busboy's cap is the backstop.
          fileSize: Math.max(options.videoMaxBytes, IMAGE_MAX_BYTES) + 1,
        }
      : bulk
        ? // One image per row, and the rows (texts and variants) as one JSON field.
          { ...MULTIPART_LIMITS, files: BULK_PRODUCTS_MAX, fieldSize: BULK_ROWS_FIELD_BYTES }
        : MULTIPART_LIMITS;
    const written = new Set<string>();
    if (media) request.uploadTempFiles = written;
    const body: Record<string, unknown> = Object.create(null);
    try {
      for await (const part of request.parts({ limits }) as AsyncIterable<Multipart>) {
        const value =
          part.type !== 'file'
            ? part.value
            : media
              ? await readMediaFile(part, options, written)
              : await readFile(part);
        if (value === undefined) continue;
        // 'media_files[]' is 'media_files' written as a list, as many clients write it.
        const listed = part.fieldname.endsWith('[]');
        const name = listed ? part.fieldname.slice(0, -2) : part.fieldname;
        // The parser refuses '__proto__' and its kind; so is '__proto__[]'.
        if (name in Object.prototype) throw new AppError('bad_request', INVALID_FORM);
        const seen = body[name];
        body[name] =
          seen === undefined
            ? listed
              ? [value]
              : value
            : Array.isArray(seen)
              ? [...seen, value]
              : [seen, value];
      }
    } catch (error) {
      // A refused or cut-off upload (the client gone mid-file): what was written goes at once.
      await removeTempFiles(request);
      // The server's own disk failing (full, read-only) is not the sender's mistake: a 500, logged.
      if (isFileSystemFault(error)) throw error;
      throw formError(error, media, maxFiles);
    }
    request.body = body;
  };
}

/**
 * multipart/form-data for the scope it is registered in (the admin scope). Fastify runs a parent
 * scope's hooks first, so the NUL guard runs again here, once the form's fields are in the body.
 * A video the reader wrote and the route did not move away (a refusal, a validation error, a
 * failure) is removed once the answer is ready, or once the client has gone.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance, options: MultipartOptions) => {
    const settings = { tmpDir: options.tmpDir, videoMaxBytes: options.videoMaxBytes ?? VIDEO_MAX_BYTES };
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    app.decorateRequest('uploadTempFiles', null);
    app.addHook('onRequest', async (request, reply) => {
      if (request.routeOptions.config?.multipart !== 'media') return;
      // A client gone before its answer: the answer is never sent.
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) void removeTempFiles(request);
      });
    });
    // Once the handler (or the error handler) is done, before the answer leaves: whoever reads the
    // answer finds the temporary files already gone.
    app.addHook('onSend', async (request, _reply, payload) => {
      await removeTempFiles(request);
      // A form refused before it was read to its end (a file refused by its first bytes or size).
      if (request.isMultipart() && !request.raw.readableEnded) drainUnreadBody(request.raw);
      return payload;
    });
    app.addHook('preValidation', formReader(settings));
    app.addHook('preValidation', refuseNul);
  },
  { name: 'souk-multipart' },
);
