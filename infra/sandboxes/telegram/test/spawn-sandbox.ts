// Starts a channel sandbox the way deps.sh does (its own node process), on a free port.
import { spawn } from 'node:child_process';
import path from 'node:path';

export interface RunningSandbox {
  url: string;
  stop: () => Promise<void>;
}

/** Starts `node <server.js> --port 0 [...args]` and resolves with its base URL once it listens. */
export function spawnSandbox(server: string, args: string[] = []): Promise<RunningSandbox> {
  const child = spawn(process.execPath, [server, '--port', '0', ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  return new Promise((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`sandbox did not start: ${out}`)), 10_000);
    const read = (chunk: Buffer) => {
      out += chunk.toString();
      const match = /listening on (http:\/\/[^\s]+)/.exec(out);
      if (!match) return;
      clearTimeout(timer);
      resolve({
        url: match[1]!,
        stop: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    };
    child.stdout!.on('data', read);
    child.stderr!.on('data', (chunk: Buffer) => void (out += chunk.toString()));
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`sandbox exited with ${code}: ${out}`));
    });
  });
}

export const spawnTelegramSandbox = () => spawnSandbox(path.resolve(__dirname, '../server.js'));
