// Shared by the page actions and by the back office's clientActions, which send a photo from the
// browser (lib/photo-upload-action): one mapping of a form to the API's multipart body.

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
