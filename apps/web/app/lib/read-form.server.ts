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
