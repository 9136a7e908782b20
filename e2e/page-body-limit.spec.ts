import http from 'node:http';
import { logInAsAdmin, unique } from './admin-helpers.ts';
import { expect, test } from './fixtures.ts';

// Page forms are posted to the React Router routes (not /api): they get a 1 MB limit too
// (PAGE_BODY_LIMIT in apps/web/page-body-limit.ts), refused with a French 413 page before being read whole.

const SIXTY_MB = 60 * 1024 * 1024;
const TOO_LARGE = 'Fichier ou requête trop volumineux';

test('a 60 MB url-encoded form posted to a page is refused with 413', async ({ request }) => {
  const res = await request.post('/auth/login', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: `email=a%40b.sn&password=${'a'.repeat(SIXTY_MB)}`,
  });
  expect(res.status()).toBe(413);
  expect(res.headers()['content-type']).toContain('text/html');
  expect(res.headers()['content-security-policy']).toBe("default-src 'none'");
  expect(await res.text()).toContain(TOO_LARGE);
});

test('a 60 MB multipart form posted to a page is refused with 413', async ({ request }) => {
  const res = await request.post('/auth/login', {
    multipart: {
      email: 'a@b.sn',
      file: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(SIXTY_MB) },
    },
  });
  expect(res.status()).toBe(413);
  expect(await res.text()).toContain(TOO_LARGE);
});

/**
 * Declares or starts a 60 MB body, sends only its first `sentBytes` and then neither sends more nor
 * ends the request: the answer can only come from a server that refuses the body before it is all
 * sent. A server that waited for the whole body would never answer, and the test would time out.
 */
function sendPartOfABigBody(
  baseURL: string,
  headers: Record<string, string>,
  sentBytes: number,
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request(new URL('/auth/login', baseURL), { method: 'POST', headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (text: string) => {
        body += text;
      });
      res.on('end', () => {
        req.destroy();
        resolve({ status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.flushHeaders();
    if (sentBytes > 0) req.write(Buffer.alloc(sentBytes, 'a'));
  });
}

for (const [label, headers, sentBytes] of [
  // A declared length over the limit is refused before a byte of the body is read.
  ['with its length declared', { 'content-length': String(SIXTY_MB) }, 0],
  // Without a length, the body is read up to the limit and refused there: 2 MB is past it.
  ['sent in chunks without a length', { 'transfer-encoding': 'chunked' }, 2 * 1024 * 1024],
] as const) {
  test(`a big page form ${label} is refused before it is all sent`, async ({ baseURL }) => {
    const res = await sendPartOfABigBody(
      baseURL as string,
      { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      sentBytes,
    );
    expect(res.status).toBe(413);
    expect(res.body).toContain(TOO_LARGE);
  });
}

test('a page form under the limit still reaches its action', async ({ request }) => {
  const res = await request.post('/auth/login', {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    form: { email: 'personne@exemple.sn', password: 'x'.repeat(500_000) },
  });
  expect(res.status()).not.toBe(413);
  expect(res.status()).toBeLessThan(500);
});

test('a stranger gets the 1 MB limit on back-office pages too (the larger one is for admins)', async ({
  request,
}) => {
  for (const cookie of [undefined, 'session=invente']) {
    const res = await request.post('/admin/categories', {
      headers: cookie ? { cookie } : {},
      multipart: {
        intent: 'save',
        name: 'Savons',
        image_main: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(2 * 1024 * 1024) },
      },
    });
    expect(res.status(), cookie ?? 'no cookie').toBe(413);
    expect(await res.text()).toContain(TOO_LARGE);
  }
});

test("an admin's back-office form may carry more than 1 MB: it reaches its action", async ({ page }) => {
  await logInAsAdmin(page, '/admin/categories');
  // The same 2 MB form a stranger is refused above; here the API judges the picture (not an image).
  const res = await page.request.post('/admin/categories', {
    multipart: {
      intent: 'save',
      name: unique('Savons lourds'),
      image_main: { name: 'photo.jpg', mimeType: 'image/jpeg', buffer: Buffer.alloc(2 * 1024 * 1024) },
    },
  });
  expect(res.status()).not.toBe(413);
  expect(res.status()).toBeLessThan(500);
  expect(await res.text()).not.toContain(TOO_LARGE);
});
