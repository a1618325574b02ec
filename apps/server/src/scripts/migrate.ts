import { loadConfig } from '../config.ts';
import { exitIfLocked, openDb } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';
import { loadVaultKey } from '../kyc/vault.ts';
import { sealPlainAccountNumbers } from '../money/account-numbers.ts';

// Refuses (exit 1, naming the PID) while a server holds the embedded database of DATA_DIR.
const config = loadConfig();
const db = await openDb(config).catch(exitIfLocked);
const applied = await migrate(db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
// What SQL cannot do without the vault key (migration 016); the server also does it at start.
const sealed = await sealPlainAccountNumbers(db, await loadVaultKey(config));
if (sealed > 0) console.log(`Sealed ${sealed} plain bank account number(s)`);
await db.close();
