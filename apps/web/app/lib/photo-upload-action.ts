import { redirect } from 'react-router';
import { browserApiReporting } from './api.client';
import { type FormHandlers, formText, runForm } from './form-action';
import { loginUrl } from './login-url';
import { pageAddressOf } from './page-address';
import { formUploadProgress } from './photo-uploads';

/** Whether the form carries a picked file (an empty file input sends a nameless empty one). */
const carriesFile = (form: FormData) =>
  Array.from(form.values()).some((value) => value instanceof File && value.size > 0);

/**
 * A back-office page's clientAction. A form that carries a photo goes from the browser straight to
 * the API through XMLHttpRequest, whose upload events feed formUploadProgress: fetch, which takes
 * the page action's posts, cannot tell how far an upload got. It runs the page action's own
 * handler for that intent (`handlers`) and answers as the page action would; anything else goes to
 * the page action. The API checks the admin as it does for the page action's calls.
 */
export async function sendPhotosWithProgress(
  { request, serverAction }: { request: Request; serverAction: () => Promise<unknown> },
  handlers: FormHandlers,
) {
  const form = await request.clone().formData();
  const intent = formText(form, 'intent');
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler || !carriesFile(form)) return serverAction();
  formUploadProgress.set(0);
  try {
    const client = browserApiReporting((fraction) => formUploadProgress.set(fraction));
    return await runForm(form, client, handlers, (result) => {
      // The session ended or the role went meanwhile: where the page action's own check sends them.
      if (result.status === 401) throw redirect(loginUrl(pageAddressOf(request), true));
      if (result.status === 403) throw redirect('/');
    });
  } finally {
    formUploadProgress.set(null);
  }
}
