import { Form } from 'react-router';
import { clearAdminCopies, localStore } from '~/lib/local-copies';

/** A POST to the logout action (works without JavaScript; a GET link could be prefetched). */
export function LogoutButton({
  className,
  children = 'Se déconnecter',
  redirectTo,
}: {
  className: string;
  children?: React.ReactNode;
  /** Where to go once logged out (a path of this site); the shop's home page by default. */
  redirectTo?: string;
}) {
  return (
    // The browser forgets the back office's copies (customers' names) as the session ends, whoever
    // logs out and from wherever: the next person at this browser must not find them.
    <Form method="post" action="/auth/logout" onSubmit={forgetAdminCopies}>
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}

function forgetAdminCopies() {
  const storage = localStore();
  if (storage) clearAdminCopies(storage);
}
