import Fuse from 'fuse.js';
import type { WorkspacePromptView } from '@platform/contracts';

/**
 * The Prompts page's search (Fuse.js): by agent title and prompt text, tolerant of typos,
 * anywhere in a long prompt. An empty query keeps every prompt in its order.
 */
export function promptSearch(prompts: WorkspacePromptView[]): (query: string) => WorkspacePromptView[] {
  const fuse = new Fuse(prompts, {
    keys: [
      { name: 'title', weight: 2 },
      { name: 'prompt', weight: 1 },
    ],
    ignoreLocation: true,
    threshold: 0.3,
  });
  return (query) => (query.trim() ? fuse.search(query.trim()).map((r) => r.item) : prompts);
}
