import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WS_MAX_MESSAGE_BYTES } from '@sikka/contracts';
import { startTestApp, type TestApp } from '../../../test/support/app.ts';
import { connect, listen, sleep } from '../../../test/support/realtime-client.ts';

interface LogLine {
  level: number;
  msg?: string;
  err?: unknown;
  stack?: unknown;
  code?: string;
  limitBytes?: number;
}

/** pino's numeric levels. */
const WARN = 40;
const ERROR = 50;

describe('realtime socket: an oversized client message', () => {
  let t: TestApp;
  let url: string;
  const lines: LogLine[] = [];

  beforeAll(async () => {
    t = await startTestApp(
      'pglite',
      { MARKET_AUTOSTART: false, LOG_LEVEL: 'info' },
      {
        logStream: {
          write: (line) => void lines.push(JSON.parse(line) as LogLine),
        },
      },
    );
    url = await listen(t.app);
  });
  afterAll(() => t?.close());

  it('closes with 1009 and is logged once, at warn, without a stack trace', async () => {
    const s = await connect(url);
    await s.next('snapshot');
    const from = lines.length;
    s.ws.send('x'.repeat(WS_MAX_MESSAGE_BYTES + 1));
    const { code } = await s.closed;
    expect(code).toBe(1009);
    await sleep(100); // anything logged after the close would show up by now
    const logged = lines.slice(from).filter((l) => l.level >= WARN);
    expect(logged).toHaveLength(1);
    const [line] = logged;
    expect(line).toMatchObject({
      level: WARN,
      code: 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH',
      limitBytes: WS_MAX_MESSAGE_BYTES,
    });
    expect(line!.msg).toMatch(/size limit/);
    expect(JSON.stringify(line)).not.toMatch(/\n\s+at /);
    expect(line!.err).toBeUndefined();
    expect(line!.stack).toBeUndefined();
    expect(lines.slice(from).some((l) => l.level >= ERROR)).toBe(false);
    // The hub let go of the socket.
    expect(t.app.realtime.size).toBe(0);
  });
});
