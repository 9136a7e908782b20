// Everything the bench starts (servers, Chrome, temp dirs, the bench database) is registered here,
// so a normal end, an error, Ctrl+C or SIGTERM all leave the machine as it was.

export type Resource = {
  name: string;
  /** Graceful release (stop a server, drop a database). */
  release: () => Promise<void>;
  /** Last resort from the `exit` event, where nothing async can run (SIGKILL, rmSync). */
  releaseSync?: () => void;
};

const resources = new Set<Resource>();

/** Registers a resource; the returned function releases it once and forgets it. */
export function track(resource: Resource): () => Promise<void> {
  resources.add(resource);
  let done: Promise<void> | undefined;
  return () => {
    done ??= (async () => {
      resources.delete(resource);
      await resource.release();
    })();
    return done;
  };
}

/** Releases everything still registered, newest first; errors are printed, never thrown. */
export async function releaseAll(): Promise<void> {
  for (const resource of [...resources].reverse()) {
    resources.delete(resource);
    try {
      await resource.release();
    } catch (error) {
      console.error(`[bench] cleanup of ${resource.name} failed:`, (error as Error).message);
    }
  }
}

let installed = false;

export function installCleanupHandlers(): void {
  if (installed) return;
  installed = true;
  let stopping = false;
  for (const [signal, code] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
    ['SIGHUP', 129],
  ] as const) {
    process.on(signal, () => {
      if (stopping) {
        // Second signal: stop waiting, the `exit` handler kills what is left.
        process.exit(code);
      }
      stopping = true;
      console.error(`\n[bench] ${signal}: stopping servers and cleaning up…`);
      const timer = setTimeout(() => process.exit(code), 20_000);
      timer.unref();
      releaseAll().finally(() => process.exit(code));
    });
  }
  process.on('exit', () => {
    for (const resource of resources) {
      try {
        resource.releaseSync?.();
      } catch {
        // best effort at exit
      }
    }
  });
}
