/**
 * The one entry point, by role: `serve` (HTTP app), `migrate` (apply migrations and exit),
 * `worker` (render jobs, no HTTP), `admin` (operator commands), `render` (a project file to MP4; no server, only its own settings),
 * `make` (a video from a text, address or keyword; no server, embedded defaults).
 * Roles are imported lazily so each loads only what it needs.
 */
import './render/allocator';
import { ConfigError, loadConfig, loadRenderCommandConfig } from './config';

const [role = 'serve', ...args] = process.argv.slice(2);

async function main() {
  if (role === 'render') {
    const { runRender } = await import('./render/render-cli');
    process.exitCode = await runRender(args, loadRenderCommandConfig());
    return;
  }
  const config = loadConfig();
  switch (role) {
    case 'serve': {
      const { serve } = await import('./serve');
      await serve(config);
      return;
    }
    case 'migrate': {
      const { openDatabase } = await import('./db/client');
      const database = openDatabase(config);
      await database.migrate();
      await database.close();
      console.log(`Migrations applied (${database.kind}).`);
      return;
    }
    case 'worker': {
      const { runWorker } = await import('./workers');
      const { ffmpegReport } = await import('./ffmpeg/ffmpeg');
      const ffmpeg = await ffmpegReport();
      (ffmpeg.ok ? console.log : console.warn)(ffmpeg.message);
      process.exitCode = await runWorker(config);
      return;
    }
    case 'make': {
      const { runMake } = await import('./maker/make-cli');
      process.exitCode = await runMake(args, config, loadRenderCommandConfig().invokedFrom);
      return;
    }
    case 'admin': {
      const { runAdmin } = await import('./admin');
      process.exitCode = await runAdmin(config, args);
      return;
    }
    default:
      console.error(`Unknown role '${role}'. Use one of: serve, worker, migrate, admin, render, make.`);
      process.exitCode = 2;
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78); // EX_CONFIG
  }
  console.error(error);
  process.exit(1);
});
