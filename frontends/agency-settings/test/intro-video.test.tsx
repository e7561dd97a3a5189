import { act } from 'react';
import { UiProvider } from '@platform/ui';
import { INTRO_DISMISSED_KEY, IntroVideo } from '../src/agency/intro/IntroVideo';
import { mountedTrees } from '../../ui/test/jsdom-browser';

const { mount, unmount } = mountedTrees();
const render = () => mount(<UiProvider notifications={false}><IntroVideo /></UiProvider>);
afterEach(() => window.localStorage.clear());

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
    await unmount();
    el = await render();
    expect(el.querySelector('[data-testid="agency-intro"]')).toBeNull();
  });
});
