import { createHash, createHmac } from 'node:crypto';
import { z } from 'zod';
import { sameSecret } from '#shared/same-secret.ts';
import { BackupRejectedError } from './backup-errors.ts';

// An archive's seal (docs/decisions/0044): a digest of its whole content, entry by entry in the
// order written, authenticated with the shop's BACKUP_KEY (HMAC-SHA256) in `end.json`. Whoever
// holds a copy of an archive but not the key cannot change a row or add a file without the
// restore refusing it. The key never goes into an archive: its fingerprint (`key_id`) says which
// key sealed it, so a restore after a rotation finds the old one among BACKUP_PREVIOUS_KEYS.

export type BackupKeys = {
  /** BACKUP_KEY: seals every new archive; null when the shop has none (archives unprotected). */
  current: string | null;
  /** BACKUP_PREVIOUS_KEYS: keys of before a rotation, to restore the archives they sealed. */
  previous: readonly string[];
};

export const SealSchema = z.object({
  key_id: z.string().regex(/^[0-9a-f]{16}$/),
  mac: z.string().regex(/^[0-9a-f]{64}$/),
});
export type Seal = z.infer<typeof SealSchema>;

export const UNSIGNED_BACKUP =
  "Sauvegarde refusée : elle n'est pas signée (faite sans BACKUP_KEY, ou par une version de Souk d'avant les signatures), rien ne prouve qu'elle n'a pas été modifiée ; si vous êtes sûr de sa provenance, relancez avec --unsigned.";
export const WRONG_SEAL =
  "Sauvegarde refusée : son code d'authenticité ne correspond pas à son contenu, elle a été modifiée ou abîmée depuis qu'elle a été faite ; ne la restaurez pas, prenez-en une autre.";
export const unknownKey = (keyId: string) =>
  `Sauvegarde refusée : elle est signée avec une clé que ce serveur n'a pas (empreinte ${keyId}) ; mettez cette clé dans BACKUP_KEY ou BACKUP_PREVIOUS_KEYS, puis relancez.`;
/** Said by `npm run restore -- --unsigned` when the archive's authenticity was not checked. */
export const UNSIGNED_RISK =
  "Attention : sauvegarde restaurée sans vérification (--unsigned). Si quelqu'un a pu modifier ce fichier, il a pu y ajouter un compte administrateur ou changer des commandes : vérifiez les comptes administrateurs dans le back-office.";

/**
 * The digest of an archive's content: for each entry, its name and size, then its bytes. Sizes
 * frame the bytes, so no two different archives read the same.
 */
export class ContentDigest {
  readonly #hash = createHash('sha256');
  entry(name: string, size: number) {
    this.#hash.update(`${name}\0${size}\0`);
  }
  update(chunk: Buffer | string) {
    this.#hash.update(chunk);
  }
  /** The digest, closed with the media count `end.json` states. */
  finish(mediaFiles: number): string {
    this.#hash.update(`end\0${mediaFiles}\0`);
    return this.#hash.digest('hex');
  }
}

const hmac = (key: string, text: string) => createHmac('sha256', key).update(text).digest('hex');

/** A key's fingerprint: tells keys apart without saying anything of them. */
export const keyId = (key: string) => hmac(key, 'souk-backup-key-id').slice(0, 16);

export const sealOf = (digest: string, key: string): Seal => ({
  key_id: keyId(key),
  mac: hmac(key, `souk-backup-2\n${digest}`),
});

/**
 * Whether an archive may be restored: sealed by a key this server has and matching its content,
 * or, with `unsigned` (the owner trusts the file whole), not sealed or sealed by a key it lacks.
 * A seal of one of its keys that does not match says the file was changed: refused even then.
 * Compared in constant time.
 */
export function checkSeal(
  seal: Seal | null,
  digest: string,
  keys: BackupKeys,
  options: { unsigned: boolean },
): { verified: boolean } {
  if (!seal) {
    if (options.unsigned) return { verified: false };
    throw new BackupRejectedError(UNSIGNED_BACKUP);
  }
  const key = [keys.current, ...keys.previous].find((k) => k !== null && keyId(k) === seal.key_id);
  if (!key) {
    if (options.unsigned) return { verified: false };
    throw new BackupRejectedError(unknownKey(seal.key_id));
  }
  if (!sameSecret(seal.mac, sealOf(digest, key).mac)) throw new BackupRejectedError(WRONG_SEAL);
  return { verified: true };
}
