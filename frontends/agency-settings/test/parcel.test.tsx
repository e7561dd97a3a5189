import { mountRootParcel } from 'single-spa';
import parcel from '../src/app';

// Mantine reads these browser APIs, which jsdom lacks.
beforeAll(() => {
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} })) as unknown as typeof window.matchMedia;
});

describe('agency settings remote as a single-spa parcel', () => {
  it('mounts into the element the shell gives it, shows the screen its route asks for, and follows route changes', async () => {
    const domElement = document.createElement('div');
    document.body.appendChild(domElement);
    const mounted = mountRootParcel(parcel, { domElement, screen: 'clients' });
    await mounted.mountPromise;
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(domElement.querySelector('[data-testid="clients-screen"]')).not.toBeNull();

    await mounted.update!({ screen: 'agency' });
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(domElement.querySelector('[data-testid="agency-settings"]')).not.toBeNull();
    expect(domElement.querySelector('[data-testid="clients-screen"]')).toBeNull();

    await mounted.unmount();
    expect(domElement.innerHTML).toBe('');
  });
});
