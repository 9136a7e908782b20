import { type ComponentProps, type ReactNode, type Ref, useState } from 'react';
import { Button, Spinner } from './button';
import { Svg } from './icons';

const inputClass =
  'block w-full rounded-xl border bg-white px-4 py-3 text-base text-stone-900 placeholder:text-stone-500 focus:outline-none focus-visible:ring-2 focus-visible:ring-emerald-700 focus-visible:ring-offset-1 disabled:cursor-not-allowed disabled:bg-stone-100 disabled:text-stone-600';
const borderClass = (error?: string) =>
  error ? 'border-red-700 bg-red-50/40' : 'border-stone-300 hover:border-stone-400';

/**
 * What every labelled field takes. A field is required unless `required` is false: the label then says
 * '(facultatif)'. Only aria-required is set, never the native attribute: the forms validate with the
 * domain schema and show the messages themselves (noValidate), in the same words as the server.
 */
type FieldProps = {
  id: string;
  name: string;
  label: string;
  error?: string;
  hint?: string;
  required?: boolean;
};

/** Native attributes a field forwards to its control; the field owns identity, wiring and look. */
type NativeProps<Tag extends 'input' | 'textarea' | 'select'> = Omit<
  ComponentProps<Tag>,
  keyof FieldProps | 'type' | 'ref' | 'className' | 'children'
>;

const describedBy = (id: string, error?: string, hint?: string) =>
  [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;

/**
 * Splits a field's props: what the label and messages need, what every control gets (identity, the
 * error and hint announced with it through aria-invalid + aria-describedby, the look), and the native
 * attributes the caller added.
 */
function fieldParts<P extends FieldProps>({ id, name, label, error, hint, required, ...native }: P) {
  return {
    field: { id, label, error, hint, required },
    control: {
      id,
      name,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': describedBy(id, error, hint),
      'aria-required': required === false ? undefined : true,
      className: `${inputClass} ${borderClass(error)}`,
    },
    native,
  };
}

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

/** Label above, control, then hint and error: the layout every stacked field shares. */
function Field({
  id,
  label,
  required,
  error,
  hint,
  children,
}: Omit<FieldProps, 'name'> & { children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <Label id={id} label={label} required={required} />
      {children}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** A labelled input whose error is announced with it. */
export function TextField({
  type = 'text',
  inputRef,
  ...props
}: FieldProps &
  NativeProps<'input'> & {
    type?: 'text' | 'email' | 'tel' | 'url' | 'search';
    inputRef?: Ref<HTMLInputElement>;
  }) {
  const { field, control, native } = fieldParts(props);
  return (
    <Field {...field}>
      <input {...native} {...control} ref={inputRef} type={type} />
    </Field>
  );
}

/**
 * A whole-number input (stock, an order): the phone shows its digit pad, and `min` (0 unless told)
 * keeps the spinner from going negative. Not for prices: see PriceField.
 */
export function NumberField({
  min = 0,
  step = 1,
  inputRef,
  ...props
}: FieldProps & NativeProps<'input'> & { inputRef?: Ref<HTMLInputElement> }) {
  const { field, control, native } = fieldParts(props);
  return (
    <Field {...field}>
      <input
        {...native}
        {...control}
        ref={inputRef}
        type="number"
        inputMode="numeric"
        min={min}
        step={step}
      />
    </Field>
  );
}

/**
 * A price in FCFA as the shop writes it ('3 500', '3.500'): a text input, since a number input
 * empties '3 500' before the form sees it, with the digit pad on a phone. The domain's price schema
 * reads what was typed (parseFcfaAmount, typed-amount.ts) and says how to write it otherwise.
 */
export function PriceField({
  hint = 'Ex. : 3 500',
  inputRef,
  ...props
}: FieldProps & NativeProps<'input'> & { inputRef?: Ref<HTMLInputElement> }) {
  const { field, control, native } = fieldParts({ ...props, hint });
  return (
    <Field {...field}>
      <input {...native} {...control} ref={inputRef} type="text" inputMode="numeric" autoComplete="off" />
    </Field>
  );
}

/** A labelled multi-line text (descriptions), taller by default and resizable in height only. */
export function TextAreaField({ rows = 4, ...props }: FieldProps & NativeProps<'textarea'>) {
  const { field, control, native } = fieldParts(props);
  return (
    <Field {...field}>
      <textarea {...native} {...control} rows={rows} className={`${control.className} resize-y`} />
    </Field>
  );
}

export type SelectOption = { value: string; label: string; disabled?: boolean };

/**
 * A labelled native select (the phone's own picker). Pass `options` for a flat list, or `<option>` /
 * `<optgroup>` children for groups (e.g. sub-categories under their category); `placeholder` adds an
 * empty first choice.
 */
export function SelectField({
  options,
  placeholder,
  children,
  ...props
}: FieldProps &
  NativeProps<'select'> & {
    options?: readonly SelectOption[];
    placeholder?: string;
    children?: ReactNode;
  }) {
  const { field, control, native } = fieldParts(props);
  return (
    <Field {...field}>
      <select {...native} {...control} className={`${control.className} pr-10`}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options?.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
        {children}
      </select>
    </Field>
  );
}

/**
 * A checkbox with its label beside it. Optional unless `required` is true (a box is usually a choice,
 * not an answer), so its label never says '(facultatif)'.
 */
export function CheckboxField({ required = false, ...props }: FieldProps & NativeProps<'input'>) {
  const { field, control, native } = fieldParts({ ...props, required });
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-start gap-3">
        <input
          {...native}
          {...control}
          type="checkbox"
          className="mt-0.5 h-5 w-5 shrink-0 cursor-pointer rounded accent-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700 disabled:cursor-not-allowed"
        />
        <label htmlFor={field.id} className="cursor-pointer text-sm font-semibold text-stone-800">
          {field.label}
        </label>
      </div>
      <div className="flex flex-col gap-1.5 pl-8">
        <FieldMessages id={field.id} error={field.error} hint={field.hint} />
      </div>
    </div>
  );
}

/** A choice among a few options (a status: Active/Inactive), as radio buttons in a fieldset. */
export function RadioGroupField({
  name,
  legend,
  options,
  defaultValue,
  error,
}: {
  name: string;
  legend: string;
  options: readonly { value: string; label: string }[];
  defaultValue: string;
  error?: string;
}) {
  const errorId = `${name}-radio-error`;
  return (
    <fieldset className="flex flex-col gap-1.5" aria-describedby={error ? errorId : undefined}>
      <legend className="mb-1.5 text-sm font-semibold text-stone-800">{legend}</legend>
      <div className="flex flex-wrap gap-x-6 gap-y-2">
        {options.map((option) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 text-sm text-stone-800">
            <input
              type="radio"
              name={name}
              value={option.value}
              defaultChecked={option.value === defaultValue}
              className="h-5 w-5 cursor-pointer accent-emerald-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-700"
            />
            {option.label}
          </label>
        ))}
      </div>
      {error && (
        <p id={errorId} className="text-sm font-medium text-red-800">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/** Password input with a show/hide toggle (aria-pressed) that keeps the caret where it was. */
export function PasswordField({
  autoComplete,
  ...props
}: Omit<FieldProps, 'required'> & { autoComplete: 'current-password' | 'new-password' }) {
  // Always required (no `required` prop): an optional password is never asked.
  const { field, control } = fieldParts(props);
  const [visible, setVisible] = useState(false);
  return (
    <Field {...field}>
      <div className="relative">
        <input
          {...control}
          type={visible ? 'text' : 'password'}
          autoComplete={autoComplete}
          autoCapitalize="none"
          spellCheck={false}
          className={`${control.className} pr-14`}
        />
        <button
          type="button"
          aria-pressed={visible}
          aria-controls={control.id}
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-0 right-0 flex w-12 items-center justify-center rounded-r-xl text-stone-600 hover:text-emerald-800 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-emerald-700"
        >
          {/* Text, not aria-label: the field's label stays the only "label" matching 'Mot de passe'. */}
          <span className="sr-only">Afficher le mot de passe</span>
          <EyeIcon crossed={visible} />
        </button>
      </div>
    </Field>
  );
}

function EyeIcon({ crossed }: { crossed: boolean }) {
  return (
    <Svg className="h-5 w-5">
      <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" strokeLinejoin="round" />
      <circle cx="12" cy="12" r="3" />
      {crossed && <path d="M4 4l16 16" strokeLinecap="round" />}
    </Svg>
  );
}

/** The form's general message: an alert that takes focus when nothing else can explain the refusal. */
export function FormBanner({
  message,
  tone = 'error',
  bannerRef,
}: {
  /** A sentence, or a list of them (the bulk creation's 'Produit N: …'). */
  message?: ReactNode;
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

/** The form's full-width submit button; while pending it spins, says what is happening and is disabled. */
export function SubmitButton({
  pending,
  children,
  pendingLabel,
  disabled = false,
}: {
  pending: boolean;
  children: string;
  pendingLabel: string;
  disabled?: boolean;
}) {
  return (
    <button
      type="submit"
      disabled={pending || disabled}
      className={`mt-1 inline-flex min-h-12 w-full items-center justify-center gap-2 rounded-full bg-emerald-800 px-6 py-3 text-base font-semibold text-white shadow-sm transition hover:bg-emerald-900 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 ${pending ? 'disabled:cursor-wait disabled:opacity-80' : 'disabled:cursor-not-allowed disabled:opacity-60'}`}
    >
      {pending && <Spinner />}
      {pending ? pendingLabel : children}
    </button>
  );
}

/** A dialog form's last row: 'Annuler' (closes without saving) and the submit button. */
export function FormActions({
  onCancel,
  pending,
  disabled = false,
  children,
}: {
  onCancel: () => void;
  pending: boolean;
  /** The submit waits for the form to make sense (it stays visible, greyed). */
  disabled?: boolean;
  children: string;
}) {
  return (
    <div className="flex flex-wrap justify-end gap-2">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Annuler
      </Button>
      <div className="min-w-40">
        <SubmitButton pending={pending} pendingLabel="Enregistrement…" disabled={disabled}>
          {children}
        </SubmitButton>
      </div>
    </div>
  );
}
