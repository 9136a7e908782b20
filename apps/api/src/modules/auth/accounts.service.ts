import type { CustomerProfileInput, CustomerStatus } from '@souk/domain/admin-customers';
import type { DbOrTx } from '../../db/client.ts';
import * as accounts from './accounts.repository.ts';
import { type AuthDeps, issuePasswordLink, rethrowContactConflict } from './auth.service.ts';
import { hashPassword } from './password.ts';
import { deleteSessionsOf } from './sessions.repository.ts';
import { newToken } from './tokens.ts';
import { insertUser, updateUser } from './users.repository.ts';

// What the back office's customers screen asks of the accounts auth owns: the customers module
// reaches the users table, its sessions and its password links only through these functions.

export type { CustomerRow, CustomerTotals } from './accounts.repository.ts';
export {
  countCustomers,
  customerTotals,
  findAdminEmails,
  findCustomer,
  findCustomerContacts,
  findCustomers,
  lockAccounts,
} from './accounts.repository.ts';

/**
 * Sets the status of the customers among `ids` not already in it (in the caller's transaction,
 * which locked their rows); blocking ends their sessions at once. Answers the ids changed.
 */
export async function setCustomersStatus(tx: DbOrTx, ids: number[], status: CustomerStatus) {
  const changed = await accounts.setStatus(tx, ids, status);
  if (status === 'blocked') await deleteSessionsOf(tx, changed);
  return changed;
}

/** A customer's name, WhatsApp number and e-mail (each unique: a lost race answers as the pre-check). */
export async function updateCustomerContacts(db: DbOrTx, id: number, input: CustomerProfileInput) {
  try {
    await updateUser(db, id, input);
  } catch (error) {
    rethrowContactConflict(error);
  }
}

/**
 * A customer account with no password anyone knows and, in the same transaction, a link (valid
 * `linkTtlMs`) with which the customer chooses one. Answers the account's id and the link.
 */
export async function createCustomerAccount(
  deps: Pick<AuthDeps, 'db' | 'publicUrl'>,
  input: CustomerProfileInput,
  linkTtlMs: number,
): Promise<{ id: number; link: string }> {
  const passwordHash = await hashPassword(newToken());
  try {
    return await deps.db.transaction(async (tx) => {
      const { id } = await insertUser(tx, { ...input, password_hash: passwordHash, role: 'client' });
      return { id, link: await issuePasswordLink(tx, deps.publicUrl, id, linkTtlMs) };
    });
  } catch (error) {
    rethrowContactConflict(error);
  }
}
