import { describe, expect, it } from 'vitest';
import { apiFormBody } from './api-form-body';

describe('apiFormBody', () => {
  const fields = { texts: ['name', 'price'], checkboxes: ['is_active'], files: ['image_main', 'images'] };
  const picture = (name: string) => new File([new Uint8Array([1, 2, 3])], name, { type: 'image/jpeg' });

  it('copies the texts, says yes or no for a checkbox, and sends every file that holds something', () => {
    const form = new FormData();
    form.set('intent', 'save');
    form.set('name', 'Savon noir');
    form.set('is_active', 'true');
    form.set('image_main', new File([], ''));
    form.append('images', picture('a.jpg'));
    form.append('images', new File([], ''));
    form.append('images', picture('b.jpg'));
    const body = apiFormBody(form, fields);
    expect([...body.keys()]).toEqual(['name', 'is_active', 'images', 'images']);
    expect(body.get('is_active')).toBe('true');
    expect(body.getAll('images').map((file) => (file as File).name)).toEqual(['a.jpg', 'b.jpg']);
  });

  it('sends an unticked box as false', () => {
    expect(apiFormBody(new FormData(), fields).get('is_active')).toBe('false');
  });
});
