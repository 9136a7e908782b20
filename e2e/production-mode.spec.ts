import { expect, test } from './fixtures.ts';

// The server is started the way `npm start` starts it (apps/web/start.ts) with NODE_ENV removed
// from its environment (e2e/shop-process.ts): production mode must be the default, not something
// to remember to set. React and React Router pick their production builds from the same variable
// when start.ts loads them, and the bench (npm run bench) shows the difference in page throughput.
test('the server runs in production mode without NODE_ENV being set', async ({ request }) => {
  const res = await request.get('/api/health');
  expect(res.status()).toBe(200);
  expect((await res.json()).data).toMatchObject({ status: 'ok', environment: 'production' });
});
