import type { User } from '@souk/domain/auth';
import { oneLine } from '@souk/domain/text';
import type { UserRow } from './users.repository.ts';

/** The user as the API shows it: never the hash, status or login dates. */
export const toUser = (row: UserRow): User => ({
  id: row.id,
  name: oneLine(row.name),
  email: row.email,
  whatsapp_phone: row.whatsapp_phone,
  role: row.role,
  created_at: new Date(row.created_at).toISOString(),
});
