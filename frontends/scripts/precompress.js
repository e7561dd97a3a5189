#!/usr/bin/env node
// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset of the built shell,
// remotes included, so the gateway serves them compressed without compressing per request.
// Usage: node frontends/scripts/precompress.js [dist directory]
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');

const dist = path.resolve(process.argv[2] ?? path.join(__dirname, '../shell/dist'));
// Not source maps: only devtools fetch them.
const COMPRESSIBLE = /\.(?:js|mjs|css|html|json|svg|txt|ico|xml|webmanifest|ttf|otf|eot)$/i;
// Below this, the encoding headers outweigh the saving.
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (COMPRESSIBLE.test(entry.name)) yield full;
  }
}

if (!fs.existsSync(dist)) {
  console.error(`precompress: ${dist} does not exist (build the shell first)`);
  process.exit(1);
}
let count = 0;
let before = 0;
let after = 0;
for (const file of files(dist)) {
  const content = fs.readFileSync(file);
  if (content.length < MIN_BYTES) continue;
  const brotli = zlib.brotliCompressSync(content, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: content.length },
  });
  fs.writeFileSync(`${file}.br`, brotli);
  fs.writeFileSync(`${file}.gz`, zlib.gzipSync(content, { level: 9 }));
  count += 1;
  before += content.length;
  after += brotli.length;
}
console.log(`precompress: ${count} files, ${Math.round(before / 1024)} KB -> ${Math.round(after / 1024)} KB brotli`);
