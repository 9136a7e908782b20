// `npm start`: the production entry. Production unless NODE_ENV says otherwise; `npm run dev`
// (react-router dev, which sets NODE_ENV=development) never goes through this file.
//
// React picks its development or production build from process.env.NODE_ENV when it is first
// loaded, and so does React Router's request handler (error details, dev-only checks). server.ts
// imports them statically, and static imports are all evaluated before the first line of the
// importing module runs, so the variable is set here first and server.ts is loaded afterwards with
// a dynamic import.
process.env.NODE_ENV ??= 'production';

const { serve } = await import('./server.ts');
await serve();

export {}; // an ES module, for the top-level await
