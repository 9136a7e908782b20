import { IMAGE_ACCEPT } from '@souk/domain/uploads';
import { type ChangeEvent, type ReactNode, useEffect, useState } from 'react';
import { replaceFiles, usePhotoPicks } from '~/lib/photo-uploads';
import { ProgressBar, percent } from './progress-bar';

/** What the picker offers, in words. */
const IMAGE_HINT = "JPG, PNG, GIF ou WEBP. Une grande photo est réduite avant l'envoi.";

export const fileInputClass =
  'text-sm text-stone-800 file:mr-3 file:min-h-11 file:rounded-full file:border-0 file:bg-emerald-50 file:px-4 file:font-semibold file:text-emerald-900';

/** 9 663 676 → '9,2 Mo'. */
const megabytes = (bytes: number) =>
  `${(bytes / (1024 * 1024)).toLocaleString('fr-FR', { maximumFractionDigits: 1 })} Mo`;

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

/** Said while a picked photo is being shrunk: how long it takes cannot be told, the bar just moves. */
export function ShrinkingNotice() {
  return (
    <div role="status" className="flex flex-col gap-1">
      <p className="text-sm text-stone-700">Réduction de la photo…</p>
      <ProgressBar label="Réduction de la photo" />
    </div>
  );
}

/** How far a photo's upload got (`value` from 0 to 1): 'Envoi de la photo… 45 %'. */
export function UploadProgress({ value, label = 'Envoi de la photo' }: { value: number; label?: string }) {
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm text-stone-700">
        {label}… {percent(value)}
      </p>
      <ProgressBar value={value} label={label} />
    </div>
  );
}

/** What became of a photo shrunk before sending: 'Photo réduite pour l'envoi : 9,2 Mo → 1,4 Mo'. */
export function ShrunkNote({ from, to }: { from: number; to: number }) {
  return (
    <p className="text-sm text-stone-600">
      Photo réduite pour l'envoi : {megabytes(from)} → {megabytes(to)}
    </p>
  );
}

/**
 * One picture (a main image; optional unless `required`): prepared as soon as it is picked (shrunk
 * when too large, lib/shrink-photo), previewed, and said why when refused. A refused file stays in
 * the field, marked invalid, so the form is sent neither with it nor without it
 * (useForm); while a photo is being shrunk, the form's submit waits (photosInPreparation).
 * `currentUrl` shows the image already saved until another is picked; `error` is the server's
 * word on it.
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
  /** The size the photo had before it was shrunk (its shrunk copy is the one picked). */
  const [shrunkFrom, setShrunkFrom] = useState<number | null>(null);
  const [preview] = usePreviews(picked);
  const { shrinking, prepare } = usePhotoPicks();
  const onChange = async (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    const file = input.files?.[0];
    input.setCustomValidity('');
    setPicked([]);
    setProblem(undefined);
    setShrunkFrom(null);
    const [prepared] = (await prepare(file ? [file] : [])) ?? [];
    if (!file || !prepared) return;
    if ('problem' in prepared) {
      input.setCustomValidity(prepared.problem);
      setProblem(prepared.problem);
      return;
    }
    if (prepared.shrunk) {
      replaceFiles(input, [prepared.file]);
      setShrunkFrom(file.size);
    }
    setPicked([prepared.file]);
  };
  const message = shrinking ? undefined : (problem ?? error);
  const shown = preview ?? currentUrl;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-semibold text-stone-800">
        {label} {!required && <span className="font-normal text-stone-600">(facultatif)</span>}
      </label>
      {shown && !shrinking && (
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
      {shrinking && <ShrinkingNotice />}
      {shrunkFrom !== null && picked[0] && <ShrunkNote from={shrunkFrom} to={picked[0].size} />}
      {message && (
        <p id={`${id}-error`} className="text-sm font-medium text-red-800">
          {message}
        </p>
      )}
    </div>
  );
}
