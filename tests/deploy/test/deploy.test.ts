/**
 * The deployment manifests: the kustomize overlays render, every rendered object is a
 * valid Kubernetes object (strict schemas, offline), the platform's shape holds (a
 * Deployment and Service per service with the right probes, HPAs for billing and
 * channels, one namespace and region per overlay, no committed secret values), and
 * docker-compose.yml is a valid compose file that runs every service.
 *
 * Tools come from k8s/tools/install.sh (Go module proxy and PyPI; cached, so only the
 * first run on a machine builds them). Nothing here needs a container engine or a cluster.
 */
import fs from 'node:fs';
import path from 'node:path';
import { load, loadAll } from 'js-yaml';
import {
  AUTOSCALED,
  GATEWAY_PORT,
  K8S_VERSION,
  QUANTITY,
  REGIONS,
  ROOT,
  SERVICES,
  cleanScratch,
  containerPort,
  installTools,
  kustomizeBuild,
  run,
  scratchDir,
  serviceUrlEnv,
  tool,
  validateObjects,
  type K8sObject,
} from './support';

jest.setTimeout(120_000);

beforeAll(() => installTools(), 20 * 60_000);
afterAll(() => cleanScratch());

const WORKLOADS = [...Object.keys(SERVICES), 'gateway'];
const portOf = (name: string) => (name === 'gateway' ? GATEWAY_PORT : SERVICES[name]);
const find = (objects: K8sObject[], kind: string, name: string) =>
  objects.find((o) => o.kind === kind && o.metadata.name === name);
const ofKind = (objects: K8sObject[], kind: string) => objects.filter((o) => o.kind === kind);
/** Generated ConfigMaps carry a content hash suffix: platform-config-<hash>. */
const configMap = (objects: K8sObject[], base: string) =>
  ofKind(objects, 'ConfigMap').find((o) => o.metadata.name === base || o.metadata.name.startsWith(`${base}-`));

describe('the schema validator', () => {
  const deployment = () => ({
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name: 'probe' },
    spec: {
      replicas: 1,
      selector: { matchLabels: { app: 'probe' } },
      template: {
        metadata: { labels: { app: 'probe' } },
        spec: { containers: [{ name: 'probe', image: 'probe', ports: [{ containerPort: 80 }] }] },
      },
    },
  });

  it(`accepts a valid Deployment (Kubernetes ${K8S_VERSION})`, () => {
    const result = validateObjects([deployment()], 'valid');
    expect(result.output).toBe('');
    expect(result.ok).toBe(true);
  });

  it('rejects an unknown field, even deep in the pod template', () => {
    const broken = deployment();
    (broken.spec.template.spec.containers[0] as Record<string, unknown>).readinesProbe = { httpGet: { path: '/readyz' } };
    const result = validateObjects([broken], 'unknown-field');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/readinesProbe/);
  });

  it('rejects a wrong type', () => {
    const broken = deployment() as { spec: Record<string, unknown> };
    broken.spec.replicas = 'two';
    const result = validateObjects([broken], 'wrong-type');
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/replicas/);
  });

  it('rejects a missing required field and an unknown apiVersion', () => {
    const noSelector = deployment() as { spec: Record<string, unknown> };
    delete noSelector.spec.selector;
    expect(validateObjects([noSelector], 'missing-required').ok).toBe(false);
    expect(validateObjects([{ ...deployment(), apiVersion: 'apps/v2' }], 'unknown-api-version').ok).toBe(false);
  });
});

describe.each(REGIONS)('k8s/overlays/%s', (region) => {
  const namespace = `platform-${region}`;
  let objects: K8sObject[];
  let text: string;

  beforeAll(() => {
    ({ objects, text } = kustomizeBuild(path.join(ROOT, 'k8s/overlays', region)));
  });

  it(`renders objects that validate strictly against the Kubernetes ${K8S_VERSION} schemas`, () => {
    expect(objects.length).toBeGreaterThan(20);
    const result = validateObjects(objects, `overlay-${region}`);
    if (!result.ok) throw new Error(`rendered ${region} overlay is not valid:\n${result.output}`);
  });

  it(`puts everything in namespace ${namespace}, labelled with the region`, () => {
    const ns = find(objects, 'Namespace', namespace);
    expect(ns).toBeDefined();
    expect(ofKind(objects, 'Namespace')).toHaveLength(1);
    for (const object of objects) {
      if (object.kind !== 'Namespace') expect(`${object.kind}/${object.metadata.name} in ${object.metadata.namespace}`).toBe(`${object.kind}/${object.metadata.name} in ${namespace}`);
      expect(object.metadata.labels?.['platform.example.com/region']).toBe(region);
    }
    for (const workload of [...ofKind(objects, 'Deployment'), ...ofKind(objects, 'Job')]) {
      expect(workload.spec.template.metadata.labels['platform.example.com/region']).toBe(region);
    }
  });

  it(`configures REGION_DEFAULT=${region} and both regions' MongoDB URLs`, () => {
    const config = configMap(objects, 'platform-config');
    expect(config).toBeDefined();
    expect(config!.data.REGION_DEFAULT).toBe(region);
    for (const r of REGIONS) {
      expect(config!.data[`MONGO_URL_${r.toUpperCase()}`]).toMatch(new RegExp(`^mongodb(\\+srv)?://[^/]+/platform_${r}(\\?|$)`));
    }
    expect(config!.data.KAFKA_BROKERS).toMatch(/^[^,\s]+:\d+(,[^,\s]+:\d+)*$/);
    for (const key of ['SMTP_URL', 'STRIPE_API_BASE', 'LOG_LEVEL']) expect(config!.data[key]).toBeTruthy();
    // Secrets are never in the ConfigMap.
    for (const key of ['INTERNAL_SIGNING_SECRET', 'JWT_SECRET', 'CHANNEL_CREDENTIALS_KEY', 'STRIPE_SECRET_KEY']) expect(config!.data).not.toHaveProperty(key);
    // https: session cookies carry Secure (ADR 0009); pods listen beyond loopback.
    expect(config!.data.PUBLIC_URL).toMatch(/^https:\/\//);
    expect(config!.data.HOST).toBe('0.0.0.0');
  });

  it('commits no secret values: Secrets are only referenced', () => {
    for (const secret of ofKind(objects, 'Secret')) {
      expect(`${secret.metadata.name}: ${JSON.stringify({ ...secret.data, ...secret.stringData })}`).toBe(`${secret.metadata.name}: {}`);
    }
    expect(text).not.toMatch(/\b(sk_live_|sk_test_)\w+/);
  });

  it.each(WORKLOADS)('runs %s as a Deployment with probes, resources, config and a non-root user', (name) => {
    const deployment = find(objects, 'Deployment', name);
    expect(deployment).toBeDefined();
    const pod = deployment!.spec.template.spec;
    expect(pod.containers).toHaveLength(1);
    const [container] = pod.containers;

    expect(container.image).toMatch(new RegExp(`(^|/)${name}(:|@|$)`));
    expect(container.env).toContainEqual({ name: 'PORT', value: String(portOf(name)) });
    expect(containerPort(container, 'http')).toBe(portOf(name));

    expect(container.readinessProbe?.httpGet?.path).toBe('/readyz');
    expect(containerPort(container, container.readinessProbe.httpGet.port)).toBe(portOf(name));
    expect(container.livenessProbe?.httpGet?.path).toBe('/healthz');
    expect(containerPort(container, container.livenessProbe.httpGet.port)).toBe(portOf(name));

    for (const kind of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory']) {
        expect(String(container.resources?.[kind]?.[resource] ?? '')).toMatch(QUANTITY);
      }
    }

    const configRef = container.envFrom?.find((e: { configMapRef?: unknown }) => e.configMapRef)?.configMapRef.name;
    expect(configRef).toBe(configMap(objects, 'platform-config')?.metadata.name);
    expect(container.envFrom).toContainEqual({ secretRef: { name: 'platform-secrets' } });

    expect(pod.securityContext?.runAsNonRoot).toBe(true);
    expect(pod.securityContext?.runAsUser).toBeGreaterThan(0);
    expect(container.securityContext?.allowPrivilegeEscalation).toBe(false);
    expect(container.securityContext?.capabilities?.drop).toContain('ALL');

    // The selector picks this Deployment's pods.
    const podLabels = deployment!.spec.template.metadata.labels;
    expect(podLabels).toMatchObject(deployment!.spec.selector.matchLabels);
  });

  it.each(WORKLOADS)('exposes %s through a Service on its port', (name) => {
    const service = find(objects, 'Service', name);
    const deployment = find(objects, 'Deployment', name);
    expect(service).toBeDefined();
    expect(deployment!.spec.template.metadata.labels).toMatchObject(service!.spec.selector);
    const [port] = service!.spec.ports;
    expect(port.port).toBe(portOf(name));
    expect(containerPort(deployment!.spec.template.spec.containers[0], port.targetPort)).toBe(portOf(name));
  });

  it('has HorizontalPodAutoscalers (autoscaling/v2, CPU) exactly for billing and channels', () => {
    const hpas = ofKind(objects, 'HorizontalPodAutoscaler');
    expect(hpas.map((h) => h.spec.scaleTargetRef.name).sort()).toEqual([...AUTOSCALED].sort());
    for (const hpa of hpas) {
      expect(hpa.apiVersion).toBe('autoscaling/v2');
      expect(hpa.spec.scaleTargetRef).toMatchObject({ apiVersion: 'apps/v1', kind: 'Deployment' });
      expect(find(objects, 'Deployment', hpa.spec.scaleTargetRef.name)).toBeDefined();
      expect(hpa.spec.metrics).toContainEqual({
        type: 'Resource',
        resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: expect.any(Number) } },
      });
      expect(hpa.spec.minReplicas).toBeGreaterThanOrEqual(1);
      expect(hpa.spec.maxReplicas).toBeGreaterThan(hpa.spec.minReplicas);
      // The HPA owns the replica count; a fixed one would fight it on every apply.
      expect(find(objects, 'Deployment', hpa.spec.scaleTargetRef.name)!.spec.replicas).toBeUndefined();
    }
  });

  it(`routes ${region}.<domain> through the Ingress to the gateway`, () => {
    const ingresses = ofKind(objects, 'Ingress');
    expect(ingresses).toHaveLength(1);
    const [ingress] = ingresses;
    const hosts: string[] = ingress.spec.rules.map((rule: { host: string }) => rule.host);
    expect(hosts.length).toBeGreaterThan(0);
    for (const host of hosts) expect(host).toMatch(new RegExp(`^(\\*\\.)?${region}\\.[a-z0-9-]+(\\.[a-z0-9-]+)+$`));
    for (const tls of ingress.spec.tls ?? []) expect(tls.hosts.every((h: string) => hosts.includes(h))).toBe(true);
    const gatewayService = find(objects, 'Service', 'gateway')!;
    for (const rule of ingress.spec.rules) {
      for (const p of rule.http.paths) {
        expect(p.backend.service.name).toBe('gateway');
        const port = p.backend.service.port;
        expect(gatewayService.spec.ports.some((sp: { name?: string; port: number }) => sp.name === port.name || sp.port === port.number)).toBe(true);
      }
    }
  });

  it('points the gateway at every service', () => {
    const gateway = find(objects, 'Deployment', 'gateway')!.spec.template.spec.containers[0];
    const names = (gateway.envFrom as Array<{ configMapRef?: { name: string } }>).flatMap((e) => (e.configMapRef ? [e.configMapRef.name] : []));
    const env: Record<string, string> = {};
    for (const name of names) Object.assign(env, find(objects, 'ConfigMap', name)?.data);
    for (const [service, port] of Object.entries(SERVICES)) {
      expect(env[serviceUrlEnv(service)]).toBe(`http://${service}:${port}`);
      expect(find(objects, 'Service', service)).toBeDefined();
    }
  });

  it('creates the Kafka topics with a Job', () => {
    const jobs = ofKind(objects, 'Job');
    expect(jobs).toHaveLength(1);
    const [container] = jobs[0].spec.template.spec.containers;
    expect([...(container.command ?? []), ...(container.args ?? [])]).toEqual(['node', 'infra/scripts/create-topics.js']);
    expect(container.envFrom).toContainEqual({ configMapRef: { name: configMap(objects, 'platform-config')!.metadata.name } });
    expect(jobs[0].spec.template.spec.securityContext.runAsNonRoot).toBe(true);
  });
});

describe('the overlays differ only where the region does', () => {
  it('renders the same objects for eu and na', () => {
    const [eu, na] = REGIONS.map((r) => kustomizeBuild(path.join(ROOT, 'k8s/overlays', r)).objects);
    const ids = (objects: K8sObject[]) => objects.map((o) => `${o.kind}/${o.metadata.name.replace(/-[a-z0-9]{10}$/, '')}`).sort();
    expect(ids(na)).toEqual(ids(eu).map((id) => id.replace('platform-eu', 'platform-na')));
  });
});

describe('a broken manifest', () => {
  // The same pipeline on a copy of k8s/ with one mistake in it.
  function renderBrokenCopy(edit: (dir: string) => void) {
    const copy = path.join(scratchDir(), `k8s-${Math.random().toString(36).slice(2)}`);
    fs.cpSync(path.join(ROOT, 'k8s'), copy, { recursive: true });
    edit(copy);
    const { objects } = kustomizeBuild(path.join(copy, 'overlays/eu'));
    return validateObjects(objects, 'broken-copy');
  }

  it('fails validation when a field is misspelt', () => {
    const result = renderBrokenCopy((dir) => {
      const file = path.join(dir, 'base/services/billing.yaml');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('containerPort:', 'containerport:'));
    });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/deployment\/billing/i);
  });

  it('fails validation when a value has the wrong type', () => {
    const result = renderBrokenCopy((dir) => {
      const file = path.join(dir, 'base/hpa.yaml');
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace('maxReplicas: 10', 'maxReplicas: ten'));
    });
    expect(result.ok).toBe(false);
    expect(result.output).toMatch(/maxReplicas/);
  });
});

describe('k8s/secret.example.yaml', () => {
  it('is a valid Secret and part of no kustomization', () => {
    const objects = loadAll(fs.readFileSync(path.join(ROOT, 'k8s/secret.example.yaml'), 'utf8')) as K8sObject[];
    expect(objects.map((o) => `${o.kind}/${o.metadata.name}`)).toEqual(['Secret/platform-secrets']);
    expect(validateObjects(objects, 'secret-example').ok).toBe(true);
    const kustomizations = run('find', [path.join(ROOT, 'k8s'), '-name', 'kustomization.yaml']).output.trim().split('\n');
    for (const file of kustomizations) {
      const kustomization = load(fs.readFileSync(file, 'utf8')) as Record<string, unknown>;
      const listed = ['resources', 'components', 'patches'].flatMap((key) => (kustomization[key] as unknown[] | undefined) ?? []);
      expect(JSON.stringify(listed)).not.toMatch(/secret\.example/);
    }
  });
});

describe('docker-compose.yml', () => {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  let compose: { services: Record<string, any>; volumes?: Record<string, unknown> };
  const platformEnv = ['REGION_DEFAULT', 'MONGO_URL_EU', 'MONGO_URL_NA', 'KAFKA_BROKERS', 'INTERNAL_SIGNING_SECRET', 'JWT_SECRET', 'CHANNEL_CREDENTIALS_KEY', 'SMTP_URL', 'STRIPE_API_BASE', 'STRIPE_SECRET_KEY', 'LOG_LEVEL'];

  beforeAll(() => {
    const result = run(tool('docker-compose'), ['-f', path.join(ROOT, 'docker-compose.yml'), 'config', '--format', 'json']);
    if (result.status !== 0) throw new Error(`docker-compose config failed:\n${result.output}`);
    compose = JSON.parse(result.output.slice(result.output.indexOf('{')));
  });

  it('is valid for docker compose (`config -q`, which checks the compose-spec schema)', () => {
    const result = run(tool('docker-compose'), ['-f', path.join(ROOT, 'docker-compose.yml'), 'config', '-q']);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('rejects a compose file with an unknown key or a wrong type (the check is real)', () => {
    const dir = path.join(scratchDir(), 'compose-broken');
    fs.mkdirSync(dir, { recursive: true });
    const original = fs.readFileSync(path.join(ROOT, 'docker-compose.yml'), 'utf8');
    for (const [label, broken] of [
      ['unknown key', original.replace('  stripe-mock:\n', '  stripe-mock:\n    imagee: typo\n')],
      ['wrong type', original.replace('      retries: 20\n', '      retries: many\n')],
    ]) {
      expect(broken).not.toBe(original);
      fs.writeFileSync(path.join(dir, 'docker-compose.yml'), broken);
      const result = run(tool('docker-compose'), ['-f', path.join(dir, 'docker-compose.yml'), 'config', '-q']);
      expect(`${label}: ${result.status}`).not.toBe(`${label}: 0`);
    }
  });

  it('runs the real dependencies: MongoDB 7, Apache Kafka, stripe-mock, MailDev, and the topics job', () => {
    expect(compose.services.mongo.image).toMatch(/^mongo:7(\.|$)/);
    expect(compose.services.kafka.image).toMatch(/^apache\/kafka:/);
    expect(compose.services.kafka.environment.KAFKA_PROCESS_ROLES).toBe('broker,controller');
    expect(compose.services.kafka.environment.KAFKA_ADVERTISED_LISTENERS).toContain('kafka:9092');
    expect(compose.services['stripe-mock'].image).toMatch(/^stripe\/stripe-mock:/);
    expect(compose.services.mailinbox.image).toMatch(/^maildev\/maildev:/);
    expect(compose.services.mailinbox.ports).toContainEqual(expect.objectContaining({ target: 1080, published: '1080' }));
    for (const dep of ['mongo', 'kafka', 'mailinbox']) expect(compose.services[dep].healthcheck?.test).toBeDefined();
    const topics = compose.services.topics;
    expect(topics.command).toEqual(['node', 'infra/scripts/create-topics.js']);
    expect(topics.depends_on.kafka.condition).toBe('service_healthy');
    // Its image is one the platform builds from the shared Dockerfile.
    const built = Object.values(compose.services).filter((s) => s.build).map((s) => s.image);
    expect(built).toContain(topics.image);
  });

  it.each(WORKLOADS)('builds and runs %s from the shared Dockerfile, healthy on /readyz', (name) => {
    const service = compose.services[name];
    expect(service).toBeDefined();
    expect(path.resolve(service.build.context)).toBe(ROOT);
    expect(service.build.dockerfile ?? 'Dockerfile').toBe('Dockerfile');
    expect(service.build.args.SERVICE).toBe(name);
    expect(String(service.environment.PORT)).toBe(String(portOf(name)));
    for (const key of platformEnv) expect(service.environment[key]).toBeTruthy();
    expect(service.environment.MONGO_URL_EU).toMatch(/^mongodb:\/\/mongo:27017\/platform_eu$/);
    expect(service.environment.MONGO_URL_NA).toMatch(/^mongodb:\/\/mongo:27017\/platform_na$/);
    expect(service.environment.KAFKA_BROKERS).toBe('kafka:9092');
    expect(service.environment.SMTP_URL).toBe('smtp://mailinbox:1025');
    expect(service.environment.STRIPE_API_BASE).toBe('http://stripe-mock:12111');
    expect(service.healthcheck.test.join(' ')).toContain('/readyz');
    expect(service.depends_on).toMatchObject({
      mongo: { condition: 'service_healthy' },
      kafka: { condition: 'service_healthy' },
      topics: { condition: 'service_completed_successfully' },
    });
  });

  it('publishes only the gateway (8080) and the mail inbox (1080), and the gateway reaches every service', () => {
    const published = Object.entries(compose.services).flatMap(([name, s]) =>
      (s.ports ?? []).map((p: { published: string; target: number }) => `${name}:${p.published}->${p.target}`),
    );
    expect(published.sort()).toEqual(['gateway:8080->8080', 'mailinbox:1080->1080']);
    const gateway = compose.services.gateway;
    for (const [service, port] of Object.entries(SERVICES)) {
      expect(gateway.environment[serviceUrlEnv(service)]).toBe(`http://${service}:${port}`);
      expect(gateway.depends_on[service]).toEqual(expect.objectContaining({ condition: 'service_healthy' }));
    }
  });
});

describe('Dockerfile', () => {
  // Instructions with their continuation lines joined, comments dropped.
  const instructions = fs
    .readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8')
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'));
  const stages = instructions.filter((i) => /^FROM /i.test(i));

  it.each(WORKLOADS)("passes BuildKit's checks (docker build --check) when built for %s", (name) => {
    const args = name === 'gateway' ? ['SERVICE=gateway', 'SERVICE_PATH=gateway'] : [`SERVICE=${name}`];
    const result = run(tool('dockerfile-check'), [...args.flatMap((a) => ['--build-arg', a]), path.join(ROOT, 'Dockerfile')]);
    expect(result.output).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails those checks when the Dockerfile is broken (the check is real)', () => {
    const original = fs.readFileSync(path.join(ROOT, 'Dockerfile'), 'utf8');
    const file = path.join(scratchDir(), 'Dockerfile.broken');
    for (const broken of [original.replace('\nUSER ', '\nUSR '), original.replace(/ AS runtime$/m, ' as runtime'), original.replace('CMD ["sh", "-c", ', 'ENV BROKEN=$NOT_DECLARED\nCMD ["sh", "-c", ')]) {
      expect(broken).not.toBe(original);
      fs.writeFileSync(file, broken);
      const result = run(tool('dockerfile-check'), ['--build-arg', 'SERVICE=billing', file]);
      expect(result.status).toBe(1);
    }
  });

  it('is multi-stage on node:20-slim', () => {
    expect(stages.length).toBeGreaterThanOrEqual(2);
    expect(instructions).toContain('ARG NODE_IMAGE=node:20-slim');
    for (const from of stages) expect(from).toMatch(/^FROM (\$\{NODE_IMAGE\}|node:20-slim|[a-z]+) AS [a-z-]+$/);
  });

  it('installs with npm ci, builds, and prunes dev dependencies', () => {
    const all = instructions.join('\n');
    const ci = all.indexOf('npm ci');
    const build = all.indexOf('npm run build');
    const prune = all.indexOf('npm prune --omit=dev');
    expect(ci).toBeGreaterThan(-1);
    expect(build).toBeGreaterThan(ci);
    expect(prune).toBeGreaterThan(build);
  });

  it('runs node $SERVICE_PATH/dist/main.js as a non-root user in the final stage', () => {
    const finalStage = instructions.slice(instructions.lastIndexOf(stages[stages.length - 1]));
    expect(finalStage).toContain('ARG SERVICE');
    const user = finalStage.find((i) => i.startsWith('USER '));
    expect(user).toBeDefined();
    expect(user).not.toMatch(/^USER (root|0)(:|$)/);
    expect(user).toMatch(/^USER \d+(:\d+)?$/); // numeric, so Kubernetes can verify runAsNonRoot
    const cmd = finalStage.find((i) => i.startsWith('CMD ') || i.startsWith('ENTRYPOINT '));
    expect(cmd).toContain('node \\"$SERVICE_PATH/dist/main.js\\"');
    expect(finalStage.join('\n')).toMatch(/SERVICE_PATH=\$\{SERVICE_PATH\}/);
  });

  it('keeps host node_modules and build output out of the build context', () => {
    const ignored = fs.readFileSync(path.join(ROOT, '.dockerignore'), 'utf8').split('\n').map((l) => l.trim());
    expect(ignored).toEqual(expect.arrayContaining(['**/node_modules', '**/dist', '.git']));
  });
});
