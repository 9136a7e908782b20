import { type Ref, useState } from 'react';

const inputClass =
  'block w-full rounded-xl border bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700 focus-visible:ring-offset-1';
const borderClass = (error?: string) =>
  error ? 'border-red-700 bg-red-50/40' : 'border-stone-300 hover:border-stone-400';

type FieldProps = {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  defaultValue?: string;
  autoComplete?: string;
  required?: boolean;
};

const describedBy = (id: string, error?: string, hint?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: string }) {
  return (
    <>
      {hint && (
        <p id={`${id}-hint`} className="text-sm text-stone-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="flex items-start gap-1.5 text-sm font-medium text-red-800">
          <span aria-hidden="true">⚠</span>
          {error}
        </p>
      )}
    </>
  );
}

function Label({ id, label, required }: { id: string; label: string; required?: boolean }) {
  return (
    <label htmlFor={id} className="text-sm font-semibold text-stone-800">
      {label}
      {required === false && <span className="font-normal text-stone-600"> (facultatif)</span>}
    </label>
  );
}

/** A labelled input whose error is announced with it (aria-invalid + aria-describedby). */
export function TextField({
  type = 'text',
  inputMode,
  inputRef,
  ...props
}: FieldProps & {
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'email' | 'tel' | 'text';
  inputRef?: Ref<HTMLInputElement>;
}) {
  const { id, name, label, error, hint, defaultValue, autoComplete, required } = props;
  return (
    <div className="flex flex-col gap-1.5">
      <Label id={id} label={label} required={required} />
      <input
        ref={inputRef}
        id={id}
        name={name}
        type={type}
        inputMode={inputMode}
        autoComplete={autoComplete}
        defaultValue={defaultValue}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, error, hint)}
        aria-required={required === false ? undefined : true}
        className={`${inputClass} ${borderClass(error)}`}
      />
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** Password input with a show/hide toggle (aria-pressed) that keeps the caret where it was. */
export function PasswordField(props: FieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  const { id, name, label, error, hint, autoComplete } = props;
  const [visible, setVisible] = useState(false);
  return (
    <div className="flex flex-col gap-1.5">
      <Label id={id} label={label} />
      <div className="relative">
        <input
          id={id}
          name={name}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy(id, error, hint)}
          aria-required
          className={`${inputClass} ${borderClass(error)} pr-14`}
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-controls={id}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-stone-600 hover:text-emerald-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700"
        >
          {/* Text, not aria-label: the field's label stays the only "label" matching 'Mot de passe'. */}
          <span className="sr-only">Afficher le mot de passe</span>
          <EyeIcon crossed={visible} />
        </button>
      </div>
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className="h-5 w-5"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
    >
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" strokeLinecap="round" />}
    </svg>
  );
}

/** The form's general message: an alert that takes focus when nothing else can explain the refusal. */
export function FormBanner({
  message,
  tone = 'error',
  bannerRef,
}: {
  message?: string;
  tone?: 'error' | 'success' | 'info';
  bannerRef?: Ref<HTMLDivElement>;
}) {
  if (!message) return null;
  const style = {
    error: 'border-red-200 bg-red-50 text-red-900',
    success: 'border-emerald-200 bg-emerald-50 text-emerald-900',
    info: 'border-amber-200 bg-amber-50 text-amber-950',
  }[tone];
  return (
    <div
      ref={bannerRef}
      tabIndex={-1}
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-xl border px-4 py-3 text-sm font-medium focus:outline-2 focus:outline-offset-2 focus:outline-emerald-700 ${style}`}
    >
      {message}
    </div>
  );
}

export function SubmitButton({
  pending,
  children,
  pendingLabel,
}: {
  pending: boolean;
  children: string;
  pendingLabel: string;
}) {
  return (
    <button
      type="submit"
      disabled={pending}
      className="mt-1 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-emerald-800 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 disabled:cursor-wait disabled:opacity-80"
    >
      {pending && (
        <span
          aria-hidden="true"
          className="h-4 w-4 animate-spin rounded-full border-2 border-white/40 border-t-white motion-reduce:animate-none"
        />
      )}
      {pending ? pendingLabel : children}
    </button>
  );
}

/** Name, WhatsApp number, optional e-mail and password: what every account creation asks. */
export function NewAccountFields({
  idPrefix,
  values,
  errors,
  phoneHint,
  emailHint,
}: {
  idPrefix: string;
  values: Partial<Record<'name' | 'whatsapp_phone' | 'email', string>>;
  errors: Partial<Record<string, string>>;
  phoneHint: string;
  emailHint?: string;
}) {
  return (
    <>
      <TextField
        id={`${idPrefix}-name`}
        name="name"
        label="Nom complet"
        autoComplete="name"
        defaultValue={values.name}
        error={errors.name}
      />
      <TextField
        id={`${idPrefix}-phone`}
        name="whatsapp_phone"
        label="Numéro WhatsApp"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        hint={phoneHint}
        defaultValue={values.whatsapp_phone}
        error={errors.whatsapp_phone}
      />
      <TextField
        id={`${idPrefix}-email`}
        name="email"
        label="Email"
        type="email"
        inputMode="email"
        autoComplete="email"
        required={false}
        hint={emailHint}
        defaultValue={values.email}
        error={errors.email}
      />
      <PasswordField
        id={`${idPrefix}-password`}
        name="password"
        label="Mot de passe"
        autoComplete="new-password"
        hint="8 caractères au minimum."
        error={errors.password}
      />
    </>
  );
}
