import { access } from 'node:fs/promises';

/** Whether `file` is there (any failure to reach it reads as not). */
export const fileExists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );
