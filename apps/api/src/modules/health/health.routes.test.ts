import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import type { ModuleDeps } from '#shared/module.ts';
import type { Db } from '../../db/client.ts';
import { registerErrorHandling } from '../../plugins/errors.ts';
import { HEALTH_DATABASE_MESSAGE, HEALTH_STOPPING_MESSAGE, healthRoutes } from './health.routes.ts';

// The probes a proxy or a supervisor asks (docs/decisions/0033), over the module alone: a database
// that answers, one that hangs, and a process that is closing.
async function probes(db: Pick<Db, 'execute'>, stopping = false) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  const deps = { db, stopping: () => stopping, cacheStats: () => ({}) } as unknown as ModuleDeps;
  await app.register(healthRoutes(deps), { prefix: '/api' });
  await app.ready();
  return app;
}

const answering = { execute: async () => ({ rows: [] }) } as unknown as Db;
const hanging = { execute: () => new Promise(() => {}) } as unknown as Db;

describe('liveness and readiness', () => {
  it('says alive and ready while the process serves and its database answers', async () => {
    const app = await probes(answering);
    expect((await app.inject({ url: '/api/health/live' })).json()).toEqual({
      success: true,
      data: { status: 'ok' },
    });
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json().data).toEqual({ status: 'ok' });
    await app.close();
  });

  it('says not ready, within its bound, when the database does not answer; alive all the same', async () => {
    const app = await probes(hanging);
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ success: false, message: HEALTH_DATABASE_MESSAGE });
    expect((await app.inject({ url: '/api/health/live' })).statusCode).toBe(200);
    await app.close();
  });

  it('says not ready while the process is closing', async () => {
    const app = await probes(answering, true);
    const ready = await app.inject({ url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json().message).toBe(HEALTH_STOPPING_MESSAGE);
    await app.close();
  });
});
