import { act } from 'react';
import { createRoot, type Root } from 'react-dom/client';
import { UiProvider } from '@platform/ui';
import { INTRO_DISMISSED_KEY, IntroVideo } from '../src/agency/intro/IntroVideo';

beforeAll(() => {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  window.matchMedia ??= ((query: string) => ({ matches: false, media: query, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {} })) as unknown as typeof window.matchMedia;
});

let root: Root | undefined;
let host: HTMLDivElement;
async function render() {
  host = document.createElement('div');
  document.body.appendChild(host);
  root = createRoot(host);
  await act(async () => root!.render(<UiProvider notifications={false}><IntroVideo /></UiProvider>));
  return host;
}
afterEach(async () => {
  await act(async () => root?.unmount());
  host.remove();
  window.localStorage.clear();
});

describe('agency settings intro video (spec 2.2 Overview)', () => {
  it('plays the bundled video with controls and an English captions track', async () => {
    const el = await render();
    const video = el.querySelector<HTMLVideoElement>('video[data-testid="agency-intro-video"]')!;
    expect(video.controls).toBe(true);
    expect(video.getAttribute('src')).toBe('/media/agency-intro.webm');
    const track = video.querySelector('track')!;
    expect(track.getAttribute('kind')).toBe('captions');
    expect(track.getAttribute('srclang')).toBe('en');
    expect(track.getAttribute('src')).toBe('/media/agency-intro.vtt');
  });

  it('stays dismissed once dismissed (remembered in localStorage)', async () => {
    let el = await render();
    await act(async () => el.querySelector<HTMLButtonElement>('[data-testid="agency-intro-dismiss"]')!.click());
    expect(el.querySelector('[data-testid="agency-intro"]')).toBeNull();
    expect(window.localStorage.getItem(INTRO_DISMISSED_KEY)).toBe('true');
    await act(async () => root?.unmount());
    host.remove();
    el = await render();
    expect(el.querySelector('[data-testid="agency-intro"]')).toBeNull();
  });
});
