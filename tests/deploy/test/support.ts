/**
 * Helpers for the deployment tests: the tools installed by k8s/tools/install.sh, and
 * the facts about the platform that the manifests must agree with.
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadAll } from 'js-yaml';

export const ROOT = path.resolve(__dirname, '../../..');
export const BIN_DIR = path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'agent-platform', 'bin');
export const INSTALL_SCRIPT = path.join(ROOT, 'k8s/tools/install.sh');
/** The Kubernetes version whose schemas the rendered objects are checked against. */
export const K8S_VERSION = process.env.K8S_VERSION || '1.33.0';

/** Every service behind the gateway, with its port (services/<name>, `PORT`). */
export const SERVICES: Record<string, number> = {
  workspace: 4001,
  agent: 4002,
  channels: 4003,
  'agency-domain': 4004,
  billing: 4005,
  notification: 4006,
  onboarding: 4007,
};
export const GATEWAY_PORT = 8080;
export const REGIONS = ['eu', 'na'] as const;
/** The services that scale on their own. */
export const AUTOSCALED = ['billing', 'channels'];

/** e.g. agency-domain -> SERVICE_URL_AGENCY_DOMAIN (as the gateway reads it). */
export const serviceUrlEnv = (service: string) => `SERVICE_URL_${service.toUpperCase().replace(/-/g, '_')}`;

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type K8sObject = { apiVersion: string; kind: string; metadata: { name: string; namespace?: string; labels?: Record<string, string> }; [key: string]: any };

export interface RunResult {
  status: number | null;
  output: string;
}

export function run(command: string, args: string[], options: { cwd?: string; timeoutMs?: number } = {}): RunResult {
  const result = spawnSync(command, args, {
    cwd: options.cwd ?? ROOT,
    encoding: 'utf8',
    timeout: options.timeoutMs ?? 60_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.error) return { status: null, output: String(result.error) };
  return { status: result.status, output: `${result.stdout ?? ''}${result.stderr ?? ''}` };
}

export const tool = (name: string) => path.join(BIN_DIR, name);

/** Runs k8s/tools/install.sh (a no-op when every tool is present); throws with its output. */
export function installTools(): void {
  const result = run('bash', [INSTALL_SCRIPT], { timeoutMs: 15 * 60_000 });
  if (result.status !== 0) {
    throw new Error(
      `k8s/tools/install.sh failed (exit ${result.status}); the deployment tests need kustomize, docker-compose and ` +
        `kubernetes-validate in ${BIN_DIR}, built from the Go module proxy and PyPI.\n${result.output}`,
    );
  }
}

/** `kustomize build <dir>`, parsed. */
export function kustomizeBuild(dir: string): { text: string; objects: K8sObject[] } {
  const result = run(tool('kustomize'), ['build', dir]);
  if (result.status !== 0) throw new Error(`kustomize build ${dir} failed:\n${result.output}`);
  const objects = (loadAll(result.output) as K8sObject[]).filter((doc) => doc !== null && doc !== undefined);
  return { text: result.output, objects };
}

let scratch: string | undefined;
/** A temporary directory for this test file, removed by `cleanScratch`. */
export function scratchDir(): string {
  scratch ??= fs.mkdtempSync(path.join(os.tmpdir(), 'deploy-test-'));
  return scratch;
}
export function cleanScratch(): void {
  if (scratch) fs.rmSync(scratch, { recursive: true, force: true });
  scratch = undefined;
}

/**
 * Strict validation against the Kubernetes OpenAPI-derived JSON schemas shipped in the
 * kubernetes-validate package: unknown fields, wrong types, missing required fields and
 * unknown kinds or apiVersions all fail. Returns the validator's report.
 */
export function validateObjects(objects: object[], label: string): RunResult & { ok: boolean } {
  const file = path.join(scratchDir(), `${label.replace(/[^a-z0-9-]+/gi, '_')}.yaml`);
  // JSON is YAML: one document per object, no re-serialisation surprises.
  fs.writeFileSync(file, objects.map((o) => JSON.stringify(o)).join('\n---\n'));
  const result = run(tool('kubernetes-validate'), ['--strict', '--kubernetes-version', K8S_VERSION, '--quiet', file]);
  // WARN is what it says for a kind or apiVersion it has no schema for: not valid either.
  const ok = result.status === 0 && !/\b(ERROR|WARN)\b/.test(result.output);
  return { ...result, ok };
}

/** A Kubernetes resource quantity (e.g. 100m, 1, 256Mi, 1.5Gi). */
export const QUANTITY = /^(\d+(\.\d+)?|\.\d+)(m|k|M|G|T|P|E|Ki|Mi|Gi|Ti|Pi|Ei)?$/;

/** Resolves a container port given by name or number. */
export function containerPort(container: { ports?: Array<{ name?: string; containerPort: number }> }, port: string | number): number | undefined {
  if (typeof port === 'number') return port;
  return container.ports?.find((p) => p.name === port)?.containerPort;
}
