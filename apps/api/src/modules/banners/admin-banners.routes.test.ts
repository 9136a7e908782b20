import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../../test/app.ts';
import { engines } from '../../test/database.ts';
import { fingerprint } from '../../test/db-fingerprint.ts';
import {
  apiAs,
  dataUrl,
  IMAGE_ATTACKS,
  jpegFile,
  mediaFiles,
  shellScript,
  smallJpeg,
} from '../../test/upload-fixtures.ts';
import { signedInUser } from '../../test/user-fixtures.ts';

const LINK_INVALID =
  'Le lien doit être une adresse web (http:// ou https://) ou un chemin de la boutique commençant par /';

type PublicBanner = { id: number; title: string; position: number; link_url: string | null };

describe.each(engines)('admin banners on %s', (engine) => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let admin: Record<string, string>;

  beforeAll(async () => {
    t = await createTestApp(engine);
    admin = (await signedInUser(t.db, { role: 'admin' })).auth;
  });
  afterAll(() => t?.close());

  const { call, upload } = apiAs(() => ({ app: t.app, auth: admin }));
  const storefront = async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/banners' });
    expect(res.statusCode).toBe(200);
    return (res.json().data as PublicBanner[]).map((b) => b.title);
  };
  const create = async (title: string, fields: Record<string, string> = {}) => {
    const res = await upload('POST', '/admin/banners', { title, image: await jpegFile(), ...fields });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().data.banner as PublicBanner & { active: boolean; image: { url: string } };
  };

  it('creates banners from a form with their picture; the storefront lists the active ones by position', async () => {
    const before = mediaFiles(t.config.mediaDir).length;
    const res = await upload('POST', '/admin/banners', {
      title: '  Soldes de printemps ',
      link_url: '/catalog/parfums',
      position: '2',
      is_active: 'true',
      image: await jpegFile('soldes.jpg'),
    });
    expect(res.statusCode).toBe(201);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json().message).toBe('Bannière « Soldes de printemps » créée avec succès');
    const { banner } = res.json().data;
    expect(banner).toMatchObject({
      title: 'Soldes de printemps',
      link_url: '/catalog/parfums',
      position: 2,
      active: true,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(banner.image.url).toMatch(/^\/media\/[0-9a-f]{32}-640\.webp$/);
    expect(banner.image_url).toBe(banner.image.url);
    expect(mediaFiles(t.config.mediaDir).length).toBeGreaterThan(before);
    const picture = await t.app.inject({ method: 'GET', url: banner.image.url });
    expect(picture.headers['content-type']).toBe('image/webp');

    // JSON with a data URL works too; position 0 goes first, an external link is kept.
    const first = await call('POST', '/admin/banners', {
      title: 'Livraison offerte',
      link_url: 'https://wa.me/221770000000',
      position: 0,
      image: dataUrl(await smallJpeg(), 'image/jpeg'),
    });
    expect(first.statusCode).toBe(201);
    expect(first.json().data.banner).toMatchObject({ position: 0, active: true });
    await create('Brouillon', { position: '1', is_active: 'false' });
    expect(await storefront()).toEqual(['Livraison offerte', 'Soldes de printemps']);
  });

  it('lists every banner by position with counters, filtered by status and searched on title or link', async () => {
    const all = (await call('GET', '/admin/banners')).json().data;
    expect(all.banners.map((b: PublicBanner) => b.title)).toEqual([
      'Livraison offerte',
      'Brouillon',
      'Soldes de printemps',
    ]);
    expect(all.counters).toEqual({ total: 3, active: 2, inactive: 1 });
    const titles = async (query: string) =>
      (await call('GET', `/admin/banners?${query}`)).json().data.banners.map((b: PublicBanner) => b.title);
    expect(await titles('status=inactive')).toEqual(['Brouillon']);
    expect(await titles('status=active')).toEqual(['Livraison offerte', 'Soldes de printemps']);
    expect(await titles('search=SOLDES')).toEqual(['Soldes de printemps']);
    expect(await titles('search=wa.me')).toEqual(['Livraison offerte']);
    expect(await titles('search=wa.me&status=inactive')).toEqual([]);
    const unknown = await call('GET', '/admin/banners?status=archived');
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe('Filtre de statut inconnu');
  });

  it('edits a banner, toggles it alone, and the storefront follows on its next read', async () => {
    const banner = await create('Coffrets cadeaux', { position: '5' });
    expect(await storefront()).toEqual(['Livraison offerte', 'Soldes de printemps', 'Coffrets cadeaux']);

    const moved = await call('PUT', `/admin/banners/${banner.id}`, { position: 0, link_url: '' });
    expect(moved.json().message).toBe('Bannière « Coffrets cadeaux » mise à jour avec succès');
    expect(moved.json().data.banner).toMatchObject({ position: 0, link_url: null });
    // Same position: the newer one first.
    expect(await storefront()).toEqual(['Coffrets cadeaux', 'Livraison offerte', 'Soldes de printemps']);

    const off = await call('PUT', `/admin/banners/${banner.id}`, { is_active: false });
    expect(off.json().message).toBe('Bannière « Coffrets cadeaux » désactivée avec succès');
    expect(off.json().data.banner.active).toBe(false);
    expect(await storefront()).not.toContain('Coffrets cadeaux');
    const on = await upload('PUT', `/admin/banners/${banner.id}`, { is_active: 'true' });
    expect(on.json().message).toBe('Bannière « Coffrets cadeaux » activée avec succès');
    expect(await storefront()).toContain('Coffrets cadeaux');
  });

  it('replaces the picture and removes the old files', async () => {
    const banner = await create('Nouvelle image');
    const oldKey = banner.image.url.slice('/media/'.length, -'-640.webp'.length);
    const res = await upload('PUT', `/admin/banners/${banner.id}`, { image: await jpegFile('b.jpg') });
    expect(res.statusCode).toBe(200);
    const newUrl = res.json().data.banner.image.url as string;
    expect(newUrl).not.toBe(banner.image.url);
    const files = mediaFiles(t.config.mediaDir);
    expect(files.some((f) => f.startsWith(oldKey))).toBe(false);
    expect(files.some((f) => newUrl.includes(f.split('-')[0] as string))).toBe(true);
  });

  it('deletes a banner and its picture files; the storefront no longer shows it', async () => {
    const banner = await create('Éphémère', { position: '0' });
    expect(await storefront()).toContain('Éphémère');
    const key = banner.image.url.slice('/media/'.length, -'-640.webp'.length);
    const res = await call('DELETE', `/admin/banners/${banner.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, message: 'Bannière « Éphémère » supprimée avec succès' });
    expect(mediaFiles(t.config.mediaDir).some((f) => f.startsWith(key))).toBe(false);
    expect(await storefront()).not.toContain('Éphémère');
    for (const res of [
      await call('DELETE', `/admin/banners/${banner.id}`),
      await call('PUT', `/admin/banners/${banner.id}`, { is_active: true }),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Bannière non trouvée');
    }
  });

  describe('bad input is refused in French and changes nothing', () => {
    it.each([
      ['javascript:alert(document.cookie)'],
      ['JAVASCRIPT:alert(1)'],
      ['data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg=='],
      ['//evil.example/phish'],
      ['/\\evil.example'],
      ['vbscript:msgbox(1)'],
    ])('a link %s, on create and on edit', async (link_url) => {
      const existing = (await call('GET', '/admin/banners')).json().data.banners[0] as PublicBanner;
      const files = mediaFiles(t.config.mediaDir);
      const before = await fingerprint(t.db);
      for (const res of [
        await upload('POST', '/admin/banners', { title: 'Piège', link_url, image: await jpegFile() }),
        await call('PUT', `/admin/banners/${existing.id}`, { link_url }),
      ]) {
        expect(res.statusCode).toBe(422);
        expect(res.json()).toMatchObject({ success: false, errors: { link_url: [LINK_INVALID] } });
      }
      expect(await fingerprint(t.db)).toEqual(before);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });

    it('a position below 0 or not whole, a missing title, a missing image', async () => {
      const before = await fingerprint(t.db);
      const cases: [Record<string, unknown>, string, string][] = [
        [
          { title: 'Négative', position: -1 },
          'position',
          'La position doit être un nombre entier positif ou nul',
        ],
        [
          { title: 'Décimale', position: 1.5 },
          'position',
          'La position doit être un nombre entier positif ou nul',
        ],
        [{ title: '   ' }, 'title', 'Le titre de la bannière est obligatoire'],
      ];
      for (const [fields, field, message] of cases) {
        const res = await call('POST', '/admin/banners', {
          ...fields,
          image: dataUrl(await smallJpeg(), 'image/jpeg'),
        });
        expect(res.statusCode, JSON.stringify(fields)).toBe(422);
        expect(res.json().errors[field]).toEqual([message]);
      }
      const noImage = await upload('POST', '/admin/banners', { title: 'Sans image' });
      expect(noImage.statusCode).toBe(422);
      expect(noImage.json().errors.image).toEqual(["L'image de la bannière est obligatoire"]);
      const negative = await upload('POST', '/admin/banners', {
        title: 'Négative',
        position: '-1',
        image: await jpegFile(),
      });
      expect(negative.json().errors.position).toEqual([
        'La position doit être un nombre entier positif ou nul',
      ]);
      expect(await fingerprint(t.db)).toEqual(before);
    });

    it('a file that is not an image (a script named .jpg), as a file or a data URL', async () => {
      const files = mediaFiles(t.config.mediaDir);
      const before = await fingerprint(t.db);
      const asFile = await upload('POST', '/admin/banners', {
        title: 'Piège',
        image: { bytes: shellScript(), filename: 'photo.jpg', type: 'image/jpeg' },
      });
      expect(asFile.statusCode).toBe(422);
      expect(asFile.json().errors.image).toEqual(['Le fichier doit être une image']);
      const asDataUrl = await call('POST', '/admin/banners', {
        title: 'Piège',
        image: `data:text/plain;base64,${shellScript().toString('base64')}`,
      });
      expect(asDataUrl.json().errors.image).toEqual(['Le fichier doit être une image']);
      expect(await fingerprint(t.db)).toEqual(before);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });

    it.each(IMAGE_ATTACKS)('%s replacing a picture keeps the current one', async (_name, make, status) => {
      const existing = (await call('GET', '/admin/banners')).json().data.banners[0];
      const files = mediaFiles(t.config.mediaDir);
      const before = await fingerprint(t.db);
      const res = await upload('PUT', `/admin/banners/${existing.id}`, { image: await make() });
      expect(res.statusCode).toBe(status);
      expect(res.json().success).toBe(false);
      expect(await fingerprint(t.db)).toEqual(before);
      expect(mediaFiles(t.config.mediaDir)).toEqual(files);
    });
  });

  it('answers only an admin: 401 without a session, 403 for a customer', async () => {
    const before = await fingerprint(t.db);
    const client = (await signedInUser(t.db, { role: 'client' })).auth;
    for (const [method, url] of [
      ['GET', '/api/admin/banners'],
      ['POST', '/api/admin/banners'],
      ['PUT', '/api/admin/banners/1'],
      ['DELETE', '/api/admin/banners/1'],
    ] as const) {
      const guest = await t.app.inject({
        method,
        url,
        payload: method === 'GET' ? undefined : { title: 'x' },
      });
      expect(guest.statusCode, `${method} ${url}`).toBe(401);
      const customer = await t.app.inject({
        method,
        url,
        headers: client,
        payload: method === 'GET' ? undefined : { title: 'x' },
      });
      expect(customer.statusCode, `${method} ${url}`).toBe(403);
      expect(customer.json().message).toEqual(expect.any(String));
    }
    // The client's session is the only row added meanwhile: no banner changed.
    const after = await fingerprint(t.db);
    expect(after.banners).toEqual(before.banners);
  });
});
