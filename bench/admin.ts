// The admin the bench signs in as on a server it started with ADMIN_EMAIL / ADMIN_PASSWORD.

export type AdminCredentials = { email: string; password: string };

/** A bearer token for `admin`, from the shop's own login. */
export async function adminToken(origin: string, admin: AdminCredentials): Promise<string> {
  const res = await fetch(`${origin}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ identifier: admin.email, password: admin.password }),
  });
  const body = (await res.json()) as { data?: { token?: string }; message?: string };
  if (!res.ok || !body.data?.token) throw new Error(`admin login: ${res.status} ${body.message ?? ''}`);
  return body.data.token;
}
