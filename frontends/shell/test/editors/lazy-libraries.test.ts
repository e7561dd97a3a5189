// Node's fs and path, typed here so the shell's type check keeps browser-only globals.
interface Dirent {
  name: string;
  isDirectory(): boolean;
}
declare const require: (id: string) => unknown;
declare const __dirname: string;
const fs = require('fs') as { readdirSync(dir: string, options: { withFileTypes: true }): Dirent[]; readFileSync(file: string, encoding: 'utf8'): string };
const path = require('path') as { join(...parts: string[]): string; basename(file: string): string };
export {};

/*
 * CodeMirror, React Flow and Fuse.js must stay out of every eagerly loaded module of the
 * shell and of @platform/ui (the CSS editor lives there, shared with the agency settings):
 * only their surface modules import them, and those are reached through import() alone.
 */
const DIRS = [path.join(__dirname, '../../src'), path.join(__dirname, '../../../ui/src')];
const HEAVY = /from ['"](@xyflow\/react|@uiw\/react-codemirror|@codemirror\/[\w-]+|fuse\.js)['"]/;
const LAZY_SURFACES = ['CanvasFlow.tsx', 'CodeSurface.tsx', 'search-index.ts', 'prompt-search.ts'];

const sources = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sources(full) : /\.tsx?$/.test(entry.name) ? [full] : [];
  });

describe('shell: heavy libraries load lazily', () => {
  const files = DIRS.flatMap(sources);

  it('imports CodeMirror, React Flow and Fuse.js only in the lazy surface modules', () => {
    const importers = files.filter((file) => HEAVY.test(fs.readFileSync(file, 'utf8'))).map((file) => path.basename(file));
    expect(importers.sort()).toEqual([...LAZY_SURFACES].sort());
  });

  it('reaches the surface modules only through dynamic import()', () => {
    for (const surface of LAZY_SURFACES) {
      const name = surface.replace(/\.tsx?$/, '');
      for (const file of files) {
        const text = fs.readFileSync(file, 'utf8');
        expect(text).not.toMatch(new RegExp(`^import (?!type )[^;]*from '[./\\w-]*/${name}'`, 'm'));
      }
      expect(files.some((file) => fs.readFileSync(file, 'utf8').includes(`import(/* webpackChunkName`) && fs.readFileSync(file, 'utf8').includes(`/${name}'`))).toBe(true);
    }
  });
});
