#!/usr/bin/env node
// Prints the gzip size of the JavaScript that index.html loads before anything else
// (the shell's initial chunks; route chunks and remotes load later, on demand).
// Usage: node frontends/shell/scripts/measure-initial-js.js [distDir] [--json]
const fs = require('fs');
const path = require('path');
const zlib = require('zlib');

const args = process.argv.slice(2);
const dist = path.resolve(args.find((a) => !a.startsWith('--')) ?? path.join(__dirname, '../dist'));
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8');
const scripts = [...html.matchAll(/<script[^>]*\ssrc=["']?([^"'\s>]+)/g)].map((m) => m[1]);
if (scripts.length === 0) throw new Error(`no <script src> in ${dist}/index.html`);

const files = scripts.map((src) => {
  const file = path.join(dist, src.replace(/^\//, '').split('?')[0]);
  const raw = fs.readFileSync(file);
  return { file: path.relative(dist, file), bytes: raw.length, gzip: zlib.gzipSync(raw, { level: 9 }).length };
});
const total = files.reduce((sum, f) => ({ bytes: sum.bytes + f.bytes, gzip: sum.gzip + f.gzip }), { bytes: 0, gzip: 0 });
const kb = (n) => `${(n / 1024).toFixed(1)} KB`;

if (args.includes('--json')) {
  console.log(JSON.stringify({ files, totalBytes: total.bytes, totalGzipBytes: total.gzip }));
} else {
  for (const f of files) console.log(`${f.file.padEnd(36)} ${kb(f.bytes).padStart(10)}  gzip ${kb(f.gzip).padStart(9)}`);
  console.log(`initial JS total: ${kb(total.bytes)}, gzip ${kb(total.gzip)} (${total.gzip} bytes)`);
}
