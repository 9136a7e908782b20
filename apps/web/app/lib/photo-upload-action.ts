import { redirect } from 'react-router';
import type { IntentHandler } from './admin-action.server';
import { browserApiReporting } from './api.client';
import { formText, intentOutcome } from './form-outcome';
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
  handlers: Record<string, IntentHandler>,
) {
  const form = await request.clone().formData();
  const intent = formText(form, 'intent');
  const handler = Object.hasOwn(handlers, intent) ? handlers[intent] : undefined;
  if (!handler || !carriesFile(form)) return serverAction();
  formUploadProgress.set(0);
  try {
    const client = browserApiReporting((fraction) => formUploadProgress.set(fraction));
    const result = await handler.run({ form, id: formText(form, 'id'), client });
    // The session ended or the role went meanwhile: where the page action's own check sends them.
    if (result.status === 401) throw redirect(loginUrl(pageAddressOf(request), true));
    if (result.status === 403) throw redirect('/');
    return intentOutcome(intent, result, handler.failure, handler.details);
  } finally {
    formUploadProgress.set(null);
  }
}
