import multipart, { type Multipart, type MultipartFile } from '@fastify/multipart';
import { IMAGE_MAX_BYTES, PRODUCT_IMAGES_MAX } from '@souk/domain/admin-limits';
import { IMAGE_TOO_LARGE_MESSAGE } from '@souk/domain/uploads';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/app-error.ts';
import { refuseNul } from './text-guard.ts';

/** The most files one form may carry: a product's main image and its additional ones. */
export const MAX_FILES = 1 + PRODUCT_IMAGES_MAX;

/** Limits of one multipart request: a handful of files and short fields (ARCHITECTURE.md, Uploads). */
export const MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: MAX_FILES,
  fields: 60,
  fieldSize: 64 * 1024,
  parts: 80,
  headerPairs: 100,
};

const INVALID_FORM = 'Formulaire invalide : envoi incomplet ou mal formé';
const TOO_MANY_FILES = `Trop de fichiers : ${MAX_FILES} au plus par envoi`;
const TOO_MANY_FIELDS = 'Formulaire trop grand : trop de champs';

/**
 * A file part read while it streams: busboy stops at `fileSize` and marks the part truncated, so an
 * oversized file is refused without being held whole. An empty part (a file input left empty) is
 * no file at all.
 */
async function readFile(part: MultipartFile): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated)
    throw new AppError('too_large', IMAGE_TOO_LARGE_MESSAGE, { [part.fieldname]: [IMAGE_TOO_LARGE_MESSAGE] });
  const bytes = Buffer.concat(chunks);
  return bytes.length ? bytes : undefined;
}

/** What went wrong while reading a form, in French: never a server error. */
function formError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  const code = (error as { code?: string }).code;
  if (code === 'FST_FILES_LIMIT') return new AppError('too_large', TOO_MANY_FILES);
  if (code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT')
    return new AppError('too_large', TOO_MANY_FIELDS);
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('too_large', IMAGE_TOO_LARGE_MESSAGE);
  // A missing boundary, a cut-off body, a forbidden field name ('__proto__'), garbage…
  return new AppError('bad_request', INVALID_FORM);
}

/**
 * Reads a multipart form into the body — fields as text, files as bytes, a repeated name as a list —
 * so the route's schema validates it as it would JSON. Every failure is the sender's: a 4xx.
 */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) return;
  const body: Record<string, unknown> = Object.create(null);
  try {
    for await (const part of request.parts({ limits: MULTIPART_LIMITS }) as AsyncIterable<Multipart>) {
      const value = part.type === 'file' ? await readFile(part) : part.value;
      if (value === undefined) continue;
      const seen = body[part.fieldname];
      body[part.fieldname] =
        seen === undefined ? value : Array.isArray(seen) ? [...seen, value] : [seen, value];
    }
  } catch (error) {
    throw formError(error);
  }
  request.body = body;
}

/**
 * multipart/form-data for the scope it is registered in (the admin scope). Fastify runs a parent
 * scope's hooks first, so the NUL guard runs again here, once the form's fields are in the body.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, { limits: MULTIPART_LIMITS });
    app.addHook('preValidation', readForm);
    app.addHook('preValidation', refuseNul);
  },
  { name: 'souk-multipart' },
);
