import { act, type ReactNode } from 'react';
import { createRoot, type Root } from 'react-dom/client';

/** Browser APIs Mantine reads that jsdom lacks, and React's act() environment: for tests that render the editor's forms. */
export function stubBrowserApis(): void {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= ((query: string) => ({
    matches: false,
    media: query,
    onchange: null,
    addListener: () => undefined,
    removeListener: () => undefined,
    addEventListener: () => undefined,
    removeEventListener: () => undefined,
    dispatchEvent: () => false,
  })) as unknown as typeof window.matchMedia;
  (globalThis as { ResizeObserver?: unknown }).ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

/**
 * For a test file that renders React trees into jsdom: stubs the browser APIs, and after each
 * test unmounts the tree, empties the document and restores jest's spies. `mount` renders a tree
 * into a fresh element of the document and answers that element; `unmount` ends the tree early
 * (to mount another in the same test).
 */
export function mountedTrees(): { mount: (tree: ReactNode) => Promise<HTMLElement>; unmount: () => Promise<void> } {
  let root: Root | undefined;
  const unmount = async () => {
    await act(async () => root?.unmount());
    root = undefined;
  };
  beforeAll(stubBrowserApis);
  afterEach(async () => {
    await unmount();
    document.body.innerHTML = '';
    jest.restoreAllMocks();
  });
  return {
    mount: async (tree) => {
      const host = document.createElement('div');
      document.body.appendChild(host);
      const mounted = createRoot(host);
      root = mounted;
      await act(async () => mounted.render(tree));
      return host;
    },
    unmount,
  };
}
