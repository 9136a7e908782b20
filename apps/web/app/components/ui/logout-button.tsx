import { Form } from 'react-router';

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
    <Form method="post" action="/auth/logout">
      {redirectTo && <input type="hidden" name="redirectTo" value={redirectTo} />}
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
