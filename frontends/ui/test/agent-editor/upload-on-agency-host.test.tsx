import { act } from 'react';
import { AGENCY_HOST_DATA_ID } from '@platform/contracts';
import { UiProvider } from '@platform/ui';
import { ImageUpload } from '../../src/agent-editor/editors/ImageUpload';
import type { Uploader } from '../../src/agent-editor/editors/useUpload';
import { mountedTrees } from '../jsdom-browser';

/** What the widget asked the services (nothing answers). */
const asked: string[] = [];
const { mount } = mountedTrees();
beforeAll(() => {
  // the page of an agency host carries its data (read once per page load)
  const data = document.createElement('script');
  data.id = AGENCY_HOST_DATA_ID;
  data.type = 'application/json';
  data.textContent = JSON.stringify({ agency: { ID: 'AG', name: 'Brand' }, poweredBy: true, region: 'eu' });
  document.head.appendChild(data);
  globalThis.fetch = ((url: string) => {
    asked.push(String(url));
    return new Promise(() => undefined);
  }) as typeof fetch;
});

describe('an upload on an agency host (ADR 0040)', () => {
  it('never asks the workspace session (403 for a client) and names the agent', async () => {
    const uploader: Uploader = jest.fn(async (_region, body) => ({ url: `https://files.example.com/${body.fileName}` }));
    const host = await mount(<UiProvider notifications={false}><ImageUpload agentId="a1" region="eu" uploader={uploader} /></UiProvider>);
    const input = host.querySelector('input[type="file"]') as HTMLInputElement;
    Object.defineProperty(input, 'files', { value: [new File([new Uint8Array([137, 80, 78, 71])], 'avatar.png', { type: 'image/png' })] });
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }));
      await new Promise((r) => setTimeout(r, 50));
    });
    expect(asked.filter((url) => url.includes('/auth/session'))).toEqual([]);
    expect((uploader as jest.Mock).mock.calls[0][1]).toMatchObject({ userId: 'a1', agentId: 'a1', fileName: 'avatar.png' });
  });
});
