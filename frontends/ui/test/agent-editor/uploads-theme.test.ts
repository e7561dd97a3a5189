import {
  IDLE_UPLOAD,
  acceptAttribute,
  checkFile,
  defaultTargetPath,
  formatSize,
  payloadOf,
  regionFromPath,
  rulesHint,
  stagedProgress,
  uploadReducer,
} from '../../src/agent-editor/editors/logic/uploads';
import { DEFAULT_PRIMARY, agentThemeName, applyHexInput, paletteSwatches, readTheme, themeJson } from '../../src/agent-editor/editors/logic/theme';

describe('upload widgets: client-side checks', () => {
  it('limits size to maxSizeMB x 1,000,000 bytes with "Max size: {n} MBs"', () => {
    expect(checkFile({ name: 'a.png', size: 2_000_000 }, { maxSizeMB: 2, accept: 'png' })).toBeUndefined();
    expect(checkFile({ name: 'a.png', size: 2_000_001 }, { maxSizeMB: 2, accept: 'png' })).toBe('Max size: 2 MBs');
    expect(checkFile({ name: 'a.pdf', size: 600_000 }, { maxSizeMB: 0.5 })).toBe('Max size: 0.5 MBs');
  });

  it('limits extensions to the accept list with "Only {accept} Files"', () => {
    expect(checkFile({ name: 'photo.JPG', size: 10 }, { maxSizeMB: 1, accept: 'png,jpg' })).toBeUndefined();
    expect(checkFile({ name: 'notes.txt', size: 10 }, { maxSizeMB: 1, accept: 'png,jpg' })).toBe('Only png,jpg Files');
    expect(checkFile({ name: 'noext', size: 10 }, { maxSizeMB: 1, accept: '.pdf, .txt' })).toBe('Only .pdf, .txt Files');
    expect(checkFile({ name: 'anything.bin', size: 10 }, { maxSizeMB: 1 })).toBeUndefined();
  });

  it('builds the file dialog filter and the hint', () => {
    expect(acceptAttribute('png, JPG,.gif')).toBe('.png,.jpg,.gif');
    expect(acceptAttribute('')).toBeUndefined();
    expect(rulesHint({ maxSizeMB: 2, accept: '.png,.jpg' })).toBe('Max 2 MB · png, jpg');
    expect(rulesHint({ maxSizeMB: 20 })).toBe('Max 20 MB');
    expect(formatSize(1_500_000)).toBe('1.5 MB');
    expect(formatSize(2_000_000)).toBe('2 MB');
    expect(formatSize(320_400)).toBe('320 KB');
    expect(formatSize(12)).toBe('12 B');
  });

  it('reports staged progress: reading up to 10 %, sending up to 99 %, 100 % when stored', () => {
    expect(stagedProgress('reading', 0)).toBe(0);
    expect(stagedProgress('reading', 1)).toBe(10);
    expect(stagedProgress('sending', 0)).toBe(10);
    expect(stagedProgress('sending', 0.5)).toBe(55);
    expect(stagedProgress('sending', 2)).toBe(99);
    expect(stagedProgress('done')).toBe(100);
  });

  it('moves idle -> uploading (percent) -> uploaded, and shows failures', () => {
    let state = uploadReducer(IDLE_UPLOAD, { type: 'start', fileName: 'a.png' });
    expect(state).toEqual({ status: 'uploading', progress: 0, fileName: 'a.png' });
    state = uploadReducer(state, { type: 'progress', percent: 40 });
    state = uploadReducer(state, { type: 'progress', percent: 20 });
    expect(state.progress).toBe(40);
    state = uploadReducer(state, { type: 'progress', percent: 100 });
    expect(state.progress).toBe(99);
    state = uploadReducer(state, { type: 'uploaded', url: 'https://x/a.png' });
    expect(state).toMatchObject({ status: 'uploaded', progress: 100, url: 'https://x/a.png' });
    expect(uploadReducer(state, { type: 'progress', percent: 5 })).toBe(state);
    expect(uploadReducer(IDLE_UPLOAD, { type: 'rejected', fileName: 'a.exe', message: 'Only png Files' })).toEqual({
      status: 'error',
      progress: 0,
      fileName: 'a.exe',
      error: 'Only png Files',
    });
    expect(uploadReducer(IDLE_UPLOAD, { type: 'reset' })).toBe(IDLE_UPLOAD);
  });

  it('sends a payload the contract accepts, to a safe default path, in the URL region', () => {
    expect(payloadOf('data:image/png;base64,AAAA')).toBe('data:image/png;base64,AAAA');
    expect(payloadOf('data:;base64,AAAA')).toBe('AAAA');
    expect(payloadOf('data:text/plain;charset=utf-8;base64,QQ==')).toBe('QQ==');
    expect(defaultTargetPath('ab12-CD_3')).toBe('agents/ab12-CD_3/uploads');
    expect(defaultTargetPath('../x')).toBe('agents/x/uploads');
    expect(defaultTargetPath()).toBe('uploads');
    expect(regionFromPath('/app/na/agents/x/overview')).toBe('na');
    expect(regionFromPath('/app/eu')).toBe('eu');
    expect(regionFromPath('/login')).toBe('eu');
  });
});

describe('theme editor: palette rule', () => {
  it('applies a hex input only once it has 6 digits', () => {
    expect(applyHexInput('#12')).toBeUndefined();
    expect(applyHexInput('#abc')).toBeUndefined();
    expect(applyHexInput('#12345')).toBeUndefined();
    expect(applyHexInput('#12AB9f')).toBe('#12ab9f');
    expect(applyHexInput(' 12ab9f ')).toBe('#12ab9f');
    expect(applyHexInput('#12ab9f0')).toBeUndefined();
  });

  it('reads the stored theme JSON with defaults', () => {
    expect(readTheme('')).toEqual({ themeType: 'light', primary: DEFAULT_PRIMARY });
    expect(readTheme('not json')).toEqual({ themeType: 'light', primary: DEFAULT_PRIMARY });
    expect(readTheme('{"themeType":"dark","primary":"#FF0000"}')).toEqual({ themeType: 'dark', primary: '#ff0000' });
    expect(readTheme({ primary: '#00ff00' })).toEqual({ themeType: 'light', primary: '#00ff00' });
  });

  it('previews 10 shades of the primary: lightness 95, 90 ... 10, reversed for dark', () => {
    const light = paletteSwatches({ themeType: 'light', primary: '#ff0000' });
    expect(light).toHaveLength(10);
    expect(light.map((s) => s.lightness)).toEqual([95, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
    expect(light[5]).toMatchObject({ hsl: [0, 100, 50], css: 'hsl(0 100% 50%)', hex: '#ff0000' });
    const dark = paletteSwatches({ themeType: 'dark', primary: '#ff0000' });
    expect(dark.map((s) => s.lightness)).toEqual([10, 20, 30, 40, 50, 60, 70, 80, 90, 95]);
  });

  it('stores {themeType, primary, nineColorPallet} and picks the agent theme by the 4.7 rule', () => {
    const stored = JSON.parse(themeJson({ themeType: 'dark', primary: '#228be6' }, 'ws1'));
    expect(stored).toMatchObject({ ownerID: 'ws1', themeType: 'dark', primary: '#228be6' });
    expect(stored.nineColorPallet).toHaveLength(10);
    expect(agentThemeName({ themeType: 'dark', primary: '#228be6' }, false)).toBe('custom-dark');
    expect(agentThemeName({ themeType: 'light', primary: '#228be6' }, false)).toBe('custom-light');
    expect(agentThemeName({ themeType: 'dark', primary: '#228be6' }, true)).toBe('blue-light');
  });
});
