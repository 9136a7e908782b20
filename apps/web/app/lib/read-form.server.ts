import { data } from 'react-router';

/**
 * A page action's form. A body that is not a form (JSON, text, a broken multipart) is the
 * sender's mistake: 415 with a French message, never a server error.
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data({ message: 'Formulaire invalide : type de contenu non pris en charge' }, { status: 415 });
  }
}

/**
 * A page's form as the API takes it (multipart): the `texts` as they are, each of the `checkboxes`
 * as 'true' or 'false' (an unticked box sends nothing), and every file of the `files` fields that
 * holds something (an empty file input sends a nameless empty file).
 */
export function apiFormBody(
  form: FormData,
  fields: { texts: readonly string[]; checkboxes: readonly string[]; files: readonly string[] },
): FormData {
  const body = new FormData();
  for (const field of fields.texts) {
    const value = form.get(field);
    if (typeof value === 'string') body.set(field, value);
  }
  for (const field of fields.checkboxes) body.set(field, form.has(field) ? 'true' : 'false');
  for (const field of fields.files) {
    for (const file of form.getAll(field)) {
      if (file instanceof File && file.size > 0) body.append(field, file);
    }
  }
  return body;
}
