import { Transform } from 'node:stream';

/**
 * A stream that passes every chunk on after showing it to `see` (to count it, digest it, judge
 * it): a throw from `see` fails the stream, and so the pipeline it is in.
 */
export function tap(see: (chunk: Buffer) => void): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      try {
        see(chunk);
      } catch (error) {
        callback(error as Error);
        return;
      }
      callback(null, chunk);
    },
  });
}
