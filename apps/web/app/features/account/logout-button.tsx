import { Form } from 'react-router';

/** A POST to the logout action (works without JavaScript; a GET link could be prefetched). */
export function LogoutButton({
  className,
  children = 'Se déconnecter',
}: {
  className: string;
  children?: string;
}) {
  return (
    <Form method="post" action="/auth/logout">
      <button type="submit" className={className}>
        {children}
      </button>
    </Form>
  );
}
