// Why an archive is refused, in the owner's words: the refusals every part of a restore shares.

export const NOT_A_BACKUP = "Ce fichier n'est pas une sauvegarde Souk";
export const TRUNCATED_BACKUP =
  'Sauvegarde incomplète : le fichier est coupé ou abîmé. Reprenez une sauvegarde complète.';

export class BackupRejectedError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'BackupRejectedError';
  }
}
