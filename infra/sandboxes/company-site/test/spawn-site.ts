// Starts the company website sandbox the way deps.sh does (its own node process), on a free port.
import { spawn } from 'node:child_process';
import path from 'node:path';

const SERVER = path.resolve(__dirname, '../server.js');

/** Starts `node server.js --port 0` and resolves with its base URL once it listens. */
export function spawnCompanySite(): Promise<{ url: string; stop: () => Promise<void> }> {
  const child = spawn(process.execPath, [SERVER, '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`company site did not start: ${out}`)), 10_000);
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      const stop = () =>
        new Promise<void>((done) => {
          if (child.exitCode !== null) return done();
          child.once('exit', () => done());
          child.kill('SIGTERM');
        });
      resolve({ url: match[1]!, stop });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`company site exited with ${code}: ${out}`));
    });
  });
}
