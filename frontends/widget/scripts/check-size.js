#!/usr/bin/env node
// Fails the build when /widget/embed.js is over its budget: 30 KB gzip (issue 9), since every
// page that embeds an agent downloads it.
const fs = require('node:fs');
const path = require('node:path');
const zlib = require('node:zlib');
const { shellDist } = require('@platform/ui/webpack/common');

const BUDGET_BYTES = 30 * 1024;
const file = path.join(shellDist, 'widget/embed.js');
const gzipped = zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length;
console.log(`widget: embed.js is ${(gzipped / 1024).toFixed(1)} KB gzip (budget ${BUDGET_BYTES / 1024} KB)`);
if (gzipped > BUDGET_BYTES) process.exit(1);
