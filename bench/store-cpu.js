// CPU time per operation of every process a save goes through (ADR 0028, 0035), read from
// /proc/<pid>/stat before and after a round: with both cores busy a rate is the inverse of
// the CPU an operation costs, and CPU time depends far less on the machine's load than wall
// time does. PostgreSQL counts its postmaster and every backend under it.
const fs = require('node:fs');
const path = require('node:path');
const { root } = require('./platform');

const TICK_MS = 10; // USER_HZ is 100 on Linux

function ticksOf(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(fields[1]), ticks: Number(fields[11]) + Number(fields[12]) };
  } catch {
    return undefined; // gone
  }
}

function pidFile(name) {
  try {
    return Number(fs.readFileSync(path.join(root, '.run', `${name}.pid`), 'utf8').trim());
  } catch {
    return undefined;
  }
}

/** PostgreSQL's postmaster and its children (the backends FerretDB's pool keeps open). */
function postgresTicks(postmaster) {
  let ticks = ticksOf(postmaster)?.ticks ?? 0;
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const s = ticksOf(entry);
    if (s && s.ppid === postmaster) ticks += s.ticks;
  }
  return ticks;
}

/** Snapshots of the processes' CPU; `gateway` is the bench's own gateway child. */
function cpuMeter(gateway) {
  const pids = { ferretdb: pidFile('mongo'), agent: pidFile('svc-agent'), workspace: pidFile('svc-workspace'), gateway: gateway?.pid };
  const postmaster = pidFile('postgres');
  const snapshot = () => {
    const ms = {};
    for (const [name, pid] of Object.entries(pids)) if (pid) ms[name] = (ticksOf(pid)?.ticks ?? 0) * TICK_MS;
    if (postmaster) ms.postgres = postgresTicks(postmaster) * TICK_MS;
    const own = process.cpuUsage();
    ms.client = (own.user + own.system) / 1000;
    return { ms, at: performance.now() };
  };
  // What the processes spend per wall ms while nothing is asked of them (relay looks, timers).
  let background = {};
  /** Measures the background for `forMs`, to be subtracted from the rounds after it. */
  const calibrate = async (forMs = 3000) => {
    const before = snapshot();
    await new Promise((r) => setTimeout(r, forMs));
    const after = snapshot();
    background = Object.fromEntries(Object.keys(after.ms).map((name) => [name, name === 'client' ? 0 : (after.ms[name] - before.ms[name]) / (after.at - before.at)]));
  };
  /** CPU ms per operation of each process over `ops` operations since `before`, less the background. */
  const perOp = (before, ops) => {
    const after = snapshot();
    const out = {};
    for (const name of Object.keys(after.ms)) out[name] = Math.max(0, after.ms[name] - before.ms[name] - (background[name] ?? 0) * (after.at - before.at)) / ops;
    out.total = Object.values(out).reduce((a, b) => a + b, 0);
    return out;
  };
  return { snapshot, calibrate, perOp };
}

const formatCpu = (cpu) => Object.entries(cpu).map(([name, ms]) => `${name} ${ms.toFixed(2)}`).join(', ');

module.exports = { cpuMeter, formatCpu };
