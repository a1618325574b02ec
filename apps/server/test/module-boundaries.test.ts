import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const SRC = path.resolve(import.meta.dirname, '../src');

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const relative = (file: string) => path.relative(SRC, file).split(path.sep).join('/');

// ADR 011: each domain module owns its SQL; http/errors.ts alone turns codes into statuses.
describe('server module boundaries', () => {
  it('routes and the realtime hub run no SQL of their own', () => {
    const files = [...sources(path.join(SRC, 'routes')), path.join(SRC, 'realtime/hub.ts')];
    const offenders = files
      .filter((file) =>
        /\.query\s*[<(]|\b(SELECT|INSERT INTO|UPDATE|DELETE FROM)\b/.test(
          readFileSync(file, 'utf8'),
        ),
      )
      .map(relative);
    expect(offenders).toEqual([]);
  });

  it('only the app factory imports the HTTP error mapping', () => {
    const offenders = sources(SRC)
      .filter((file) => !relative(file).startsWith('http/') && relative(file) !== 'app.ts')
      .filter((file) => /from '[./]*\/?http\/errors\.ts'/.test(readFileSync(file, 'utf8')))
      .map(relative);
    expect(offenders).toEqual([]);
  });
});
