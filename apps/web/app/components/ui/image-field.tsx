import { IMAGE_MAX_BYTES } from '@souk/domain/admin-limits';
import { IMAGE_ACCEPT, IMAGE_TOO_LARGE_MESSAGE, IMAGE_TYPE_MESSAGE } from '@souk/domain/uploads';
import { type ChangeEvent, type ReactNode, useEffect, useState } from 'react';

/** What the picker offers, in words. */
const IMAGE_HINT = 'JPG, PNG, GIF ou WEBP, 5 Mo au plus.';

export const fileInputClass =
  'text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-emerald-50 file:px-4 file:font-semibold file:text-emerald-900';

/**
 * Why a picked file cannot be sent as an image (spec §5: an image, 5 MB at most), or undefined.
 * The browser's word on the type is only a first check: the server decides from the bytes.
 */
export function imageProblem(file: File): string | undefined {
  if (!file.type.startsWith('image/')) return IMAGE_TYPE_MESSAGE;
  if (file.size > IMAGE_MAX_BYTES) return IMAGE_TOO_LARGE_MESSAGE;
  return undefined;
}

/** A preview address for each file, revoked when the files change or the form goes. */
export function usePreviews(files: readonly File[]): string[] {
  const [urls, setUrls] = useState<string[]>([]);
  useEffect(() => {
    const made = files.map((file) => URL.createObjectURL(file));
    setUrls(made);
    return () => {
      for (const url of made) URL.revokeObjectURL(url);
    };
  }, [files]);
  return urls;
}

/**
 * One picture (a main image; optional unless `required`): checked as soon as it is picked, previewed,
 * and said why when refused (the field is then emptied, so a refused file is never sent).
 * `currentUrl` shows the image already saved until another is picked; `error` is the server's word
 * on it.
 */
export function ImageField({
  id,
  name,
  label,
  currentUrl,
  error,
  previewClassName,
  required = false,
}: {
  id: string;
  name: string;
  label: ReactNode;
  currentUrl?: string;
  error?: string;
  previewClassName: string;
  /** A picture the row cannot be without (a banner's): the label does not say '(facultatif)'. */
  required?: boolean;
}) {
  const [picked, setPicked] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | undefined>();
  const [preview] = usePreviews(picked);
  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.currentTarget.files?.[0];
    const refused = file ? imageProblem(file) : undefined;
    setProblem(refused);
    if (refused) event.currentTarget.value = '';
    setPicked(file && !refused ? [file] : []);
  };
  const message = problem ?? error;
  const shown = preview ?? currentUrl;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label} {!required && <span className="font-normal text-stone-600">(facultatif)</span>}
      </label>
      {shown && (
        <img
          src={shown}
          alt="Aperçu de l'image"
          className={`rounded-xl border border-stone-200 object-cover ${previewClassName}`}
        />
      )}
      <input
        id={id}
        type="file"
        name={name}
        accept={IMAGE_ACCEPT}
        onChange={onChange}
        aria-describedby={`${id}-hint ${id}-error`}
        aria-invalid={message ? true : undefined}
        className={fileInputClass}
      />
      <p id={`${id}-hint`} className="text-sm text-stone-600">
        {IMAGE_HINT}
      </p>
      {message && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}
