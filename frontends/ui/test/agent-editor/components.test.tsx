import { act } from 'react';
import type { ReactNode } from 'react';
import { UiProvider } from '@platform/ui';
import { AlertBanner } from '../../src/agent-editor/editors/AlertBanner';
import { ThemeEditor } from '../../src/agent-editor/editors/ThemeEditor';
import { ImageUpload } from '../../src/agent-editor/editors/ImageUpload';
import type { Uploader } from '../../src/agent-editor/editors/useUpload';
import { mountedTrees } from '../jsdom-browser';

const { mount } = mountedTrees();
const render = (node: ReactNode) => mount(<UiProvider notifications={false}>{node}</UiProvider>);

describe('editor components (jsdom)', () => {
  it('AlertBanner renders the five types', async () => {
    const el = await render(
      <>
        {(['default', 'info', 'warning', 'error', 'success'] as const).map((type) => (
          <AlertBanner key={type} type={type}>
            {type} text
          </AlertBanner>
        ))}
      </>,
    );
    expect([...el.querySelectorAll('[data-alert-type]')].map((n) => n.getAttribute('data-alert-type'))).toEqual(['default', 'info', 'warning', 'error', 'success']);
    expect(el.querySelector('[data-alert-type="error"]')!.getAttribute('role')).toBe('alert');
  });

  it('ThemeEditor previews 10 shades and reports the palette when dark mode is switched on', async () => {
    const changes: string[] = [];
    const themes: string[] = [];
    const el = await render(<ThemeEditor value='{"primary":"#ff0000","themeType":"light"}' onChange={(json) => changes.push(json)} onAgentThemeChange={(t) => themes.push(t)} />);
    const swatches = [...el.querySelectorAll('[data-testid="theme-swatch"]')].map((n) => Number(n.getAttribute('data-lightness')));
    expect(swatches).toEqual([95, 90, 80, 70, 60, 50, 40, 30, 20, 10]);
    const toggle = el.querySelector('input[type="checkbox"]') as HTMLInputElement;
    await act(async () => toggle.click());
    expect(JSON.parse(changes[0]!)).toMatchObject({ themeType: 'dark', primary: '#ff0000' });
    expect(JSON.parse(changes[0]!).nineColorPallet[0]).toEqual([0, 100, 10]);
    expect(themes).toEqual(['custom-dark']);
  });

  it('ImageUpload refuses an oversized file with the spec message and never calls the server', async () => {
    const uploader = jest.fn<ReturnType<Uploader>, Parameters<Uploader>>();
    const el = await render(<ImageUpload userId="u1" agentId="a1" maxSizeMB={0.001} uploader={uploader} />);
    const input = el.querySelector('input[type="file"]') as HTMLInputElement;
    expect(input.getAttribute('accept')).toBe('.png,.jpg,.jpeg,.gif,.webp');
    const file = new File([new Uint8Array(1001)], 'big.png', { type: 'image/png' });
    Object.defineProperty(input, 'files', { value: [file] });
    await act(async () => input.dispatchEvent(new Event('change', { bubbles: true })));
    expect(el.querySelector('[data-testid="upload-error"]')?.textContent).toContain('Max size: 0.001 MBs');
    expect(uploader).not.toHaveBeenCalled();
  });

  it('ImageUpload uploads an accepted image and reports its URL', async () => {
    const uploader: Uploader = jest.fn(async (_region, body, options) => {
      options.onProgress?.(0.5);
      return { url: `https://files.example.com/${body.fileName}` };
    });
    const urls: string[] = [];
    const el = await render(<ImageUpload userId="u1" agentId="a1" region="na" onChange={(url) => urls.push(url)} uploader={uploader} />);
    const input = el.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' })] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(urls).toEqual(['https://files.example.com/logo.png']);
    const [region, body] = (uploader as jest.Mock).mock.calls[0];
    expect(region).toBe('na');
    expect(body).toMatchObject({ userId: 'u1', agentId: 'a1', targetPath: 'agents/a1/uploads', fileName: 'logo.png', maxSizeMB: 2, temporary: false });
    expect(body.base64Payload).toMatch(/^data:image\/png;base64,/);
  });
});
