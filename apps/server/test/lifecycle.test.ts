import { spawn } from 'node:child_process';
import path from 'node:path';
import { startServerProcess } from '@reelwright/testkit';
import { describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** Runs `main.ts serve` with an environment and collects how it ended. */
function runServe(env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts', 'serve'], {
      cwd: repoRoot,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

describe('server process', () => {
  it('refuses a bad configuration with a message naming each wrong variable, and exits 78', async () => {
    const { code, output } = await runServe({ PORT: 'eighty', SMTP_URL: 'http://not-smtp', LOG_LEVEL: 'loud' });
    expect(code).toBe(78);
    expect(output).toContain('Invalid configuration in the environment');
    expect(output).toMatch(/PORT: /);
    expect(output).toMatch(/SMTP_URL: /);
    expect(output).toMatch(/LOG_LEVEL: /);
  });

  it('shuts down cleanly on SIGTERM: in-flight requests finish, the exit code is 0', async () => {
    const server = await startServerProcess({ LOG_LEVEL: 'info' });
    const inFlight = fetch(`${server.url}/healthz`);
    server.child.kill('SIGTERM');
    const answered = await inFlight.then((res) => res.status).catch(() => 'refused');
    await server.stop();
    expect(server.child.exitCode).toBe(0);
    expect(server.output()).toContain('shutting down');
    // The request was served before the close, answered 503 while closing (Fastify refuses new
    // requests then), or refused after it: never cut half-way.
    expect([200, 503, 'refused']).toContain(answered);
  });
});
