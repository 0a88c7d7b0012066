/**
 * The server the save-latency bench drives: the app on the database its environment names
 * (DATABASE_URL, else the embedded PGlite in DATA_DIR, opened as the app opens it), over HTTP on
 * loopback. Prints `listening <url>` once it answers; SIGTERM closes it.
 * Run by save-latency.bench.ts: `node --import tsx bench/save-latency-server.ts durable` (the
 * mode older checkouts of this script took; the database as the app opens it is the only one).
 */
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db/client';

const config = loadConfig({ ...process.env, HOST: '127.0.0.1', PORT: '0' });
const app = await buildApp(config, { database: openDatabase(config), logger: { level: 'warn' } });
const address = await app.listen({ port: 0, host: '127.0.0.1' });
process.on('SIGTERM', () => {
  void app.close().then(() => process.exit(0));
});
console.log(`listening ${address}`);
