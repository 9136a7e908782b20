import { describe, expect, it } from 'vitest';
import { createBackground } from './background.ts';

describe('after-the-answer work', () => {
  it('runs tasks after the current turn, logs failures, and settles', async () => {
    const lines: string[] = [];
    const background = createBackground((line) => lines.push(line));
    const done: string[] = [];
    background.run(async () => void done.push('mail'));
    background.run(async () => {
      throw new Error('SMTP indisponible');
    });
    expect(done).toEqual([]);
    await background.settled();
    expect(done).toEqual(['mail']);
    expect(lines).toEqual([expect.stringContaining('SMTP indisponible')]);
  });

  it('drops what comes past its bound instead of piling up behind a hung server', async () => {
    const lines: string[] = [];
    const background = createBackground((line) => lines.push(line), 2);
    let release = () => {};
    const hung = new Promise<void>((resolve) => {
      release = resolve;
    });
    const started: number[] = [];
    for (let i = 0; i < 3; i += 1)
      background.run(async () => {
        started.push(i);
        await hung;
      });
    release();
    await background.settled();
    expect(started).toEqual([0, 1]);
    expect(lines).toEqual([expect.stringContaining('abandonnée')]);
  });
});
