import { describe, expect, it } from 'vitest';
import type { ApiResult } from './api-client';
import type { FormHandler } from './form-action';
import { sendPhotosWithProgress } from './photo-upload-action';

// The products, categories and banners pages' clientAction: a save carrying a photo is sent from
// the browser; anything else goes to the page action.

const PAGE = 'http://shop.test/admin/products?page=2';

/** A form posted to the page, with a picked photo or an empty file input. */
function post(photo: boolean) {
  const form = new FormData();
  form.set('intent', 'save');
  form.set('name', 'Savon noir');
  form.set(
    'image_main',
    photo ? new File(['photo'], 'IMG_2041.jpg', { type: 'image/jpeg' }) : new File([], ''),
  );
  return new Request(PAGE, { method: 'POST', body: form });
}

/** A save handler answering `result`, recording whether it ran. */
function handler(result: ApiResult<unknown>) {
  const ran: string[] = [];
  const save: FormHandler = {
    failure: "Erreur lors de l'enregistrement",
    send: async ({ form }) => {
      ran.push(String(form.get('name')));
      return result;
    },
  };
  return { ran, handlers: { save } };
}

const serverAnswer = { from: 'page action' };
const serverAction = async () => serverAnswer;

describe('a save sent with its photo from the browser', () => {
  it("runs the page action's own handler, answered as the page action answers", async () => {
    const { ran, handlers } = handler({
      ok: true,
      status: 201,
      data: {},
      message: 'Produit créé',
      setCookies: [],
    });
    const outcome = await sendPhotosWithProgress({ request: post(true), serverAction }, handlers);
    expect(ran).toEqual(['Savon noir']);
    expect(outcome).toEqual({ intent: 'save', ok: true, message: 'Produit créé' });
  });

  it('leaves a form without a photo, or another intent, to the page action', async () => {
    const { ran, handlers } = handler({ ok: true, status: 200, data: {}, setCookies: [] });
    expect(await sendPhotosWithProgress({ request: post(false), serverAction }, handlers)).toBe(serverAnswer);
    expect(await sendPhotosWithProgress({ request: post(true), serverAction }, {})).toBe(serverAnswer);
    expect(ran).toEqual([]);
  });

  it('sends an ended session to the login page and back, a lost role to the shop', async () => {
    const refused = (status: number) =>
      sendPhotosWithProgress(
        { request: post(true), serverAction },
        handler({ ok: false, status, message: 'Refusé', setCookies: [] }).handlers,
      ).catch((thrown: unknown) => thrown);
    const expired = (await refused(401)) as Response;
    expect(expired.status).toBe(302);
    expect(expired.headers.get('Location')).toBe(
      `/auth/login?expired=1&redirectTo=${encodeURIComponent('/admin/products?page=2')}`,
    );
    expect(((await refused(403)) as Response).headers.get('Location')).toBe('/');
  });
});
