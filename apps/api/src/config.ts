import path from 'node:path';
import { DEFAULT_AGENCY_LOCATION, DEFAULT_SHOP_WHATSAPP_NUMBER } from '@souk/domain/shop';
import { z } from 'zod';

const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((v) => (v ? v : undefined));

const ConfigSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./var'),
  DATABASE_URL: optionalText.pipe(z.url({ error: 'DATABASE_URL doit être une URL postgres://…' }).optional()),
  PUBLIC_URL: optionalText.pipe(z.url({ error: 'PUBLIC_URL doit être une URL http(s)://…' }).optional()),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().default('Souk <boutique@souk.local>'),
  SHOP_WHATSAPP_NUMBER: z
    .string()
    .default(DEFAULT_SHOP_WHATSAPP_NUMBER)
    .transform((v) => v.replace(/\D/g, '')),
  AGENCY_LOCATION: z.string().default(DEFAULT_AGENCY_LOCATION),
  ADMIN_EMAIL: optionalText.pipe(z.email().optional()),
  ADMIN_PASSWORD: optionalText,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
});

export type Config = z.infer<typeof ConfigSchema> & { dataDir: string; mediaDir: string; publicUrl: string };

/** Parses the environment once at start and fails fast with a readable message. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = ConfigSchema.safeParse(env);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`).join('\n');
    throw new Error(`Configuration invalide :\n${lines}`);
  }
  const c = parsed.data;
  const dataDir = path.resolve(c.DATA_DIR);
  return {
    ...c,
    dataDir,
    mediaDir: path.join(dataDir, 'media'),
    publicUrl: (c.PUBLIC_URL ?? `http://localhost:${c.PORT}`).replace(/\/$/, ''),
  };
}
