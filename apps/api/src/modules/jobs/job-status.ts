/**
 * A job waits (`queued`, perhaps until a retry's time), is held by a process (`running`), is
 * finished (`done`), or gave up after its last attempt (`failed`, with its error, for the owner).
 */
export const JOB_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type JobStatus = (typeof JOB_STATUSES)[number];
