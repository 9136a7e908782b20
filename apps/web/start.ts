// `npm start`: the production entry. Production unless NODE_ENV says otherwise; `npm run dev`
// (react-router dev, which sets NODE_ENV=development) never goes through this file.
//
// React picks its development or production build from process.env.NODE_ENV when it is first
// loaded, and so does React Router's request handler (error details, dev-only checks). server.ts
// imports them statically, and static imports are all evaluated before the first line of the
// importing module runs, so the variable is set here first and server.ts is loaded afterwards with
// a dynamic import.
process.env.NODE_ENV ??= 'production';

const cluster = (await import('node:cluster')).default;
if (cluster.isPrimary) {
  const { loadConfig } = await import('@souk/api/config');
  const { ensureBuild } = await import('./ensure-build.ts');
  // A bad configuration (WEB_CONCURRENCY on the embedded database among others) stops here, once,
  // with its French message, before anything is built or forked.
  const config = loadConfig();
  await ensureBuild((line) => console.info(`[souk] ${line}`));
  if (config.WEB_CONCURRENCY > 1) {
    const { superviseWorkers } = await import('./workers.ts');
    superviseWorkers(config.WEB_CONCURRENCY);
  } else {
    const { serve } = await import('./server.ts');
    await serve();
  }
} else {
  // A worker asked to stop while it starts (its supervisor stopping, or replacing it) has no stop
  // handler of its own until server.ts installs one: without this one it would die of the signal,
  // which its supervisor rightly counts as an unclean stop. It then stops once started, cleanly.
  let stopAsked = false;
  const whileStarting = () => {
    if (process.listenerCount('SIGTERM') === 1) stopAsked = true;
  };
  process.on('SIGTERM', whileStarting);
  const { serve } = await import('./server.ts');
  await serve();
  process.removeListener('SIGTERM', whileStarting);
  if (stopAsked) process.kill(process.pid, 'SIGTERM');
}

export {}; // an ES module, for the top-level await
