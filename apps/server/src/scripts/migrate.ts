import { loadConfig } from '../config.ts';
import { exitIfLocked, openDb } from '../db/index.ts';
import { migrate } from '../db/migrate.ts';

// Refuses (exit 1, naming the PID) while a server holds the embedded database of DATA_DIR.
const db = await openDb(loadConfig()).catch(exitIfLocked);
const applied = await migrate(db);
console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'Database is up to date');
await db.close();
