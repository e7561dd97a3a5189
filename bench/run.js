#!/usr/bin/env node
// `make bench`: each benchmark prints one line `name: value (goal)` and the run fails when a
// goal is missed. Benchmarks that compare two ways of doing the same thing run both in the
// same process, so the ratio, not the machine, is what counts.
const { execFileSync } = require('node:child_process');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const results = [];

function shellInitialJs() {
  const report = JSON.parse(
    execFileSync('node', [path.join(root, 'frontends/shell/scripts/measure-initial-js.js'), '--json'], { encoding: 'utf8' }),
  );
  const kb = report.totalGzipBytes / 1024;
  const goalKb = 250;
  for (const file of report.files) console.log(`  ${file.file.padEnd(32)} gzip ${(file.gzip / 1024).toFixed(1)} KB`);
  results.push({ name: 'shell initial JS (host, before any remote), gzip', value: `${kb.toFixed(1)} KB`, goal: `<= ${goalKb} KB`, ok: kb <= goalKb });
}

// BENCH=store,agents runs only those (all by default): shell, agents, cold-load, store, runtime, webhooks, billing, knowledge.
const selected = (process.env.BENCH ?? 'shell,agents,cold-load,store,runtime,webhooks,billing,knowledge').split(',');

async function main() {
  if (selected.includes('shell')) shellInitialJs();
  for (const name of ['agents', 'cold-load', 'store', 'runtime', 'webhooks', 'billing', 'knowledge']) {
    if (selected.includes(name)) results.push(...(await require(`./${name}`).run()));
  }
  let failed = 0;
  for (const r of results) {
    console.log(`${r.ok ? 'ok  ' : 'MISS'} ${r.name}: ${r.value} (goal ${r.goal})`);
    if (!r.ok) failed += 1;
  }
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
