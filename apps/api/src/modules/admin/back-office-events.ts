import { PassThrough, type Readable } from 'node:stream';
import { RESYNC_EVENT, STREAM_OPEN_EVENT } from '@souk/domain/back-office-events';
import type { Database } from '../../db/client.ts';

// What an open back office hears (docs/decisions/0042): the database announces the changes the
// owner's pages show (migration 0026's triggers on orders, their history, the WhatsApp messages
// sent and received) on one channel, whichever process made them; each process passes them on to
// the back-office pages it serves as a stream of server-sent events, and a page reads itself again.

/** The channel migration 0026's triggers announce on. */
export const BACK_OFFICE_CHANNEL = 'souk_back_office';

/** A comment line this often keeps proxies and phones from closing a quiet stream (nginx reads for 60 s at least). */
const HEARTBEAT_MS = 20_000;
/**
 * A stream ends after this long and the browser opens another (EventSource does by itself): a page
 * whose session ended meanwhile hears nothing more once it is refused.
 */
export const STREAM_MAX_MS = 5 * 60_000;
/** Streams one process serves at most (each holds a socket): a shop has a handful of admins. */
export const MAX_STREAMS = 200;
/** How long the browser waits before reconnecting a stream that ended. */
const RECONNECT_MS = 3_000;

export type BackOfficeEvents = {
  /** Starts hearing the channel (at the app's start): a page then knows what it missed from its reading on. */
  listen(): Promise<void>;
  /**
   * A stream of this process's changes for one page, its first event `open`, or `resync` when
   * something may have changed since `since` (when the page's data was read, in ms; unknown: it
   * may); null when it serves too many already or is stopping. Throws when the database cannot be
   * listened to.
   */
  open(since?: number): Promise<Readable | null>;
  /** The process stops: every stream ends (its pages reconnect to another process) and no new one opens. */
  endAll(): void;
  stop(): Promise<void>;
};

const event = (data: string) => `data: ${data}\n\n`;

/**
 * Listens on the back office's channel from the app's start (or, if that failed, from the first
 * page that asks), and passes every payload on to each open stream.
 */
export function backOfficeEvents(database: Database, warn: (line: string) => void): BackOfficeEvents {
  const streams = new Set<PassThrough>();
  let listening: Promise<() => Promise<void>> | undefined;
  let ending = false;
  // Since when this process hears every change (null: it does not), and when it heard the last:
  // what a page that read its data at some moment may have missed.
  let hearingSince: number | null = null;
  let lastChangeAt = 0;
  // A stream being ended (its five minutes, the process stopping) takes nothing more.
  const send = (stream: PassThrough, text: string) => {
    if (!stream.writableEnded) stream.write(text);
  };
  const broadcast = (data: string) => {
    lastChangeAt = Date.now();
    for (const stream of streams) send(stream, event(data));
  };
  const listen = () => {
    listening ??= database
      .listen(BACK_OFFICE_CHANNEL, {
        message: broadcast,
        lost: (error) => {
          hearingSince = null;
          warn(`Changements de l'administration inaudibles : ${error.message}`);
        },
        // What was missed meanwhile is unknown: every page reads itself again.
        resumed: () => {
          hearingSince = Date.now();
          broadcast(RESYNC_EVENT);
        },
      })
      .then((stop) => {
        hearingSince = Date.now();
        return stop;
      })
      .catch((error: unknown) => {
        listening = undefined;
        throw error;
      });
    return listening;
  };
  return {
    async listen() {
      await listen();
    },
    async open(since) {
      if (ending || streams.size >= MAX_STREAMS) return null;
      await listen();
      // Counted again after the wait: pages that asked together do not pass the bound.
      if (ending || streams.size >= MAX_STREAMS) return null;
      const stream = new PassThrough();
      streams.add(stream);
      const heartbeat = setInterval(() => send(stream, ': \n\n'), HEARTBEAT_MS);
      const lifetime = setTimeout(() => stream.end(), STREAM_MAX_MS);
      const forget = () => {
        clearInterval(heartbeat);
        clearTimeout(lifetime);
        streams.delete(stream);
      };
      stream.on('close', forget);
      stream.on('finish', forget);
      // The first bytes say how soon to come back when it ends, and whether the page must read
      // itself again: something changed after it read its data, or this process cannot tell (it
      // began hearing after that). Processes on one clock (one machine, or synchronised ones).
      const missed =
        since === undefined || hearingSince === null || hearingSince > since || lastChangeAt >= since;
      stream.write(`retry: ${RECONNECT_MS}\n${event(missed ? RESYNC_EVENT : STREAM_OPEN_EVENT)}`);
      return stream;
    },
    endAll() {
      ending = true;
      for (const stream of streams) stream.end();
    },
    async stop() {
      ending = true;
      for (const stream of streams) stream.destroy();
      const stopping = listening;
      listening = undefined;
      if (stopping) await (await stopping)();
    },
  };
}
