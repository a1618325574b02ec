import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { exitIfLocked } from './db/index.ts';

async function main(): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(1);
    }
    throw err;
  }
  // Another process on this DATA_DIR's embedded database: say who, exit 1, touch nothing.
  const app = await buildApp(config).catch(exitIfLocked);
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000);
    timer.unref();
    try {
      await app.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  const address = await app.listen({ host: config.HOST, port: config.PORT });
  app.log.info(`Sikka is running at ${address.replace('127.0.0.1', 'localhost')}`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
