import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// Drizzle's migrator applies, to a database already migrated, only the migrations whose journal
// time (`when`) is after the last one it applied: a migration generated with an earlier time than
// the one before it (a clock behind, a hand-set time) would never reach an existing shop.
describe('the migrations journal', () => {
  it("keeps every migration's time after the one before it", () => {
    const journal = JSON.parse(
      readFileSync(path.join(import.meta.dirname, 'migrations', 'meta', '_journal.json'), 'utf8'),
    ) as { entries: { idx: number; tag: string; when: number }[] };
    const late = journal.entries.flatMap((entry, i) => {
      const before = journal.entries[i - 1];
      return before && entry.when <= before.when ? [`${entry.tag} (${entry.when} ≤ ${before.when})`] : [];
    });
    expect(late).toEqual([]);
    expect(journal.entries.map((e) => e.idx)).toEqual(journal.entries.map((_, i) => i));
  });
});
