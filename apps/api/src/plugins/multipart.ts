import multipart, { type MultipartFile } from '@fastify/multipart';
import { IMAGE_MAX_BYTES } from '@souk/domain/limits';
import { IMAGE_TOO_LARGE_MESSAGE } from '@souk/domain/uploads';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../shared/app-error.ts';
import { refuseNul } from './text-guard.ts';

/** Limits of one multipart request: a handful of files and short fields (ARCHITECTURE.md, Uploads). */
export const MULTIPART_LIMITS = {
  fileSize: IMAGE_MAX_BYTES,
  files: 12,
  fields: 60,
  fieldSize: 64 * 1024,
  parts: 80,
  headerPairs: 100,
};

/**
 * Reads a file part while it streams: busboy stops at `fileSize` and marks the part truncated, so an
 * oversized file is refused without being held whole. An empty part (a file input left empty) is
 * no file at all. The bytes become the body field's value, for the route's schema to validate.
 */
async function readFilePart(part: MultipartFile) {
  const chunks: Buffer[] = [];
  for await (const chunk of part.file) chunks.push(chunk as Buffer);
  if (part.file.truncated) {
    throw new AppError('too_large', IMAGE_TOO_LARGE_MESSAGE, { [part.fieldname]: [IMAGE_TOO_LARGE_MESSAGE] });
  }
  const bytes = Buffer.concat(chunks);
  (part as unknown as { value: Buffer | undefined }).value = bytes.length ? bytes : undefined;
}

/**
 * multipart/form-data for the scope it is registered in (the admin scope): fields and files become
 * the body, validated by the same schema as JSON. Fastify runs a parent scope's hooks first, so the
 * NUL guard runs again here, once the form's fields are in the body.
 */
export const multipartPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(multipart, {
      attachFieldsToBody: 'keyValues',
      onFile: readFilePart,
      limits: MULTIPART_LIMITS,
    });
    app.addHook('preValidation', refuseNul);
  },
  { name: 'souk-multipart' },
);
