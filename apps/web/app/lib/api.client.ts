import { createApiClient, type Transport, type TransportRequest } from './api-client';

// Browser-side calls to /api (live widgets and uploads; pages load through their loaders).

/** A multipart upload with progress: fetch cannot report upload progress, XMLHttpRequest can. */
function sendWithProgress(request: TransportRequest, url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; text: string | null }>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(request.method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) request.onUploadProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText });
    xhr.onerror = () => reject(new TypeError('network error'));
    xhr.onabort = () => reject(new DOMException('aborted', 'AbortError'));
    request.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(request.body as FormData);
  });
}

const fetchTransport: Transport = async (request) => {
  const url = `/api${request.url}`;
  const isForm = request.body instanceof FormData;
  // A FormData body sets its own multipart boundary: no Content-Type of ours.
  const headers: Record<string, string> = {
    Accept: 'application/json',
    ...(request.body !== undefined && !isForm ? { 'Content-Type': 'application/json' } : {}),
    ...request.headers,
  };
  if (isForm && request.onUploadProgress) return sendWithProgress(request, url, headers);
  const res = await fetch(url, {
    method: request.method,
    credentials: 'same-origin',
    headers,
    signal: request.signal,
    ...(request.body === undefined
      ? {}
      : { body: isForm ? (request.body as FormData) : JSON.stringify(request.body) }),
  });
  let text: string | null = null;
  try {
    text = await res.text();
  } catch {
    // an unreadable body reads as an invalid response
  }
  return { status: res.status, text };
};

/** The typed API client of the browser. */
export const browserApi = createApiClient(fetchTransport);

/** The browser's API client, its multipart uploads reporting their progress to `onUploadProgress`. */
export const browserApiReporting = (onUploadProgress: (fraction: number) => void) =>
  // fetchTransport reports an upload's progress for form bodies only (an XMLHttpRequest then).
  createApiClient((request) => fetchTransport({ ...request, onUploadProgress }));
