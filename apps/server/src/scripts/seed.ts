/**
 * `npm run db:seed`: adds a demo account for trying Sikka locally.
 *
 *   e-mail    demo@sikka.local
 *   password  sikka-demo-2024
 *
 * It holds ₹85,000 of approved deposits (via approve_deposit, so the ledger holds), a pending
 * and a rejected deposit, and a handful of USDT buys and sells. Uses the same database as the
 * server (DATABASE_URL, or PGlite in DATA_DIR). Never runs in production; running it again
 * leaves an existing demo account as it is.
 */
import { loadConfig } from '../config.ts';
import { exitIfLocked, openDb } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { DEMO_EMAIL, DEMO_PASSWORD, seedDemo } from '../money/demo-data.ts';

const config = loadConfig();
if (config.NODE_ENV === 'production') {
  process.stderr.write('Refusing to seed demo data: NODE_ENV is production.\n');
  process.exit(1);
}
// Refuses (exit 1, naming the PID) while a server holds the embedded database of DATA_DIR.
const db = await openDb(config).catch(exitIfLocked);
try {
  await migrate(db);
  const result = await seedDemo(db);
  console.log(
    result.created
      ? `Demo account created: ${DEMO_EMAIL} / ${DEMO_PASSWORD}`
      : `Demo account already exists: ${DEMO_EMAIL} (password ${DEMO_PASSWORD} unless changed); nothing added`,
  );
} finally {
  await db.close();
}
