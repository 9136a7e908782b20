import { identifierFieldHint } from '@souk/domain/shop-locale';
import type { ReactNode } from 'react';
import { Form, Link } from 'react-router';
import { FormBanner, TextField } from '~/components/ui/form-fields';
import type { usePageForm } from '~/lib/use-form';

/**
 * Frame of the auth screens, which show without the shop header or footer:
 * a way home, a card with the page's heading, and links below it.
 */
export function AuthShell({
  title,
  intro,
  badge,
  children,
  footer,
}: {
  title: string;
  intro?: ReactNode;
  badge?: string;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-[#fbf8f3] bg-[radial-gradient(ellipse_at_top,_#fef3c7_0%,_transparent_60%)]">
      <header className="mx-auto flex w-full max-w-md items-center justify-between px-4 pt-5">
        <Link
          to="/"
          aria-label="Souk, retour à la boutique"
          className="flex items-center gap-2 rounded-lg py-1 pr-2 text-emerald-950 focus-visible:outline-2 focus-visible:outline-emerald-800"
        >
          <svg aria-hidden="true" focusable="false" viewBox="0 0 32 32" className="h-9 w-9">
            <path d="M4 30V14C4 7.4 9.4 2 16 2s12 5.4 12 12v16H4Z" fill="#f59e0b" />
            <path d="M8.5 30V15a7.5 7.5 0 0 1 15 0v15h-15Z" fill="#064e3b" />
            <path d="M16 11.5c-2.6 3.2-4 5.6-4 7.6a4 4 0 0 0 8 0c0-2-1.4-4.4-4-7.6Z" fill="#fcd34d" />
          </svg>
          <span className="font-serif text-2xl font-semibold tracking-wide">Souk</span>
        </Link>
        <Link
          to="/"
          className="rounded-full px-3 py-2 text-sm font-medium text-emerald-900 underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-emerald-800"
        >
          Retour à la boutique
        </Link>
      </header>
      <main id="main" className="mx-auto flex w-full max-w-md flex-1 flex-col px-4 pt-6 pb-10">
        <div className="rounded-3xl border border-stone-200/80 bg-white px-5 py-7 shadow-[0_8px_30px_rgba(120,83,30,0.08)] sm:px-8">
          {badge && (
            <p className="mb-3 inline-flex rounded-full bg-amber-100 px-3 py-1 text-xs font-semibold tracking-wide text-amber-900 uppercase">
              {badge}
            </p>
          )}
          <h1 className="font-serif text-[1.7rem] leading-tight font-bold text-stone-900">{title}</h1>
          {intro && <div className="mt-2 text-[0.95rem] text-stone-700">{intro}</div>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && (
          <div className="mt-6 flex flex-col items-center gap-2 text-center text-sm text-stone-700">
            {footer}
          </div>
        )}
      </main>
    </div>
  );
}

export const authLinkClass =
  'font-semibold text-emerald-800 underline underline-offset-4 hover:text-emerald-950 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-emerald-800 rounded';

/** A footer line of the auth screens: an optional question, then the link ('Déjà un compte ? Se connecter'). */
export function AuthFooterLink({
  question,
  to,
  children,
}: {
  question?: string;
  to: string;
  children: string;
}) {
  return (
    <p>
      {question && `${question} `}
      <Link to={to} className={authLinkClass}>
        {children}
      </Link>
    </p>
  );
}

/**
 * An auth screen's form, posted to its page's action (a real form before the script has run): the
 * notices that come first, the action's refusal in the banner, then the fields.
 */
export function AuthForm({
  form,
  notices,
  children,
}: {
  form: Pick<ReturnType<typeof usePageForm>, 'formProps' | 'message' | 'bannerRef'>;
  notices?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Form method="post" className="flex flex-col gap-4" {...form.formProps}>
      {notices}
      <FormBanner message={form.message} bannerRef={form.bannerRef} />
      {children}
    </Form>
  );
}

/** The e-mail or WhatsApp number an account is known by (logging in, asking for a new password). */
export function IdentifierField({
  id,
  defaultValue,
  error,
}: {
  id: string;
  defaultValue?: string;
  error?: string;
}) {
  return (
    <TextField
      id={id}
      name="email"
      label="Email ou numéro WhatsApp"
      hint={identifierFieldHint()}
      inputMode="email"
      autoComplete="username"
      defaultValue={defaultValue}
      error={error}
    />
  );
}
