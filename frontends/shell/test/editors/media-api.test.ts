import { ApiError, mediaApi } from '@platform/ui';

/** A stand-in XMLHttpRequest that answers what the test tells it. */
class FakeXhr {
  static last: FakeXhr | undefined;
  static answer: { status: number; body: unknown } = { status: 200, body: {} };
  method = '';
  url = '';
  headers: Record<string, string> = {};
  sent: string | undefined;
  status = 0;
  statusText = '';
  responseText = '';
  withCredentials = false;
  upload: { onprogress?: (e: { lengthComputable: boolean; loaded: number; total: number }) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: string) {
    this.sent = body;
    this.upload.onprogress?.({ lengthComputable: true, loaded: 50, total: 100 });
    this.status = FakeXhr.answer.status;
    this.responseText = JSON.stringify(FakeXhr.answer.body);
    setTimeout(() => this.onload?.(), 0);
  }
  abort() {
    setTimeout(() => this.onabort?.(), 0);
  }
}

const realXhr = window.XMLHttpRequest;
beforeAll(() => {
  window.XMLHttpRequest = FakeXhr as unknown as typeof XMLHttpRequest;
});
afterAll(() => {
  window.XMLHttpRequest = realXhr;
});

const body = { userId: 'u1', agentId: 'a1', base64Payload: 'data:image/png;base64,AAAA', targetPath: 'agents/a1/uploads', fileName: 'a.png', maxSizeMB: 2 };

describe('media API: uploadFile (XMLHttpRequest with progress)', () => {
  it('posts the procedure body to the region path, reports progress and answers data', async () => {
    FakeXhr.answer = { status: 200, body: { success: true, data: { url: 'https://x/api/eu/agent/files/AbCdEfGh.png', sizeKB: 1 } } };
    const progress: number[] = [];
    const file = await mediaApi.uploadFile('eu', body, { onProgress: (f) => progress.push(f) });
    expect(file).toEqual({ url: 'https://x/api/eu/agent/files/AbCdEfGh.png', sizeKB: 1 });
    expect(FakeXhr.last!.method).toBe('POST');
    expect(FakeXhr.last!.url).toBe('/api/eu/agent/procedures/uploadFile');
    expect(FakeXhr.last!.headers['Content-Type']).toBe('application/json');
    expect(JSON.parse(FakeXhr.last!.sent!)).toEqual(body);
    expect(progress).toEqual([0.5, 1]);
  });

  it("fails with the server's message (e.g. 'Max size: 2 MBs')", async () => {
    FakeXhr.answer = { status: 400, body: { success: false, message: 'Max size: 2 MBs' } };
    const failure = mediaApi.uploadFile('na', body);
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    await expect(mediaApi.uploadFile('na', body)).rejects.toMatchObject({ message: 'Max size: 2 MBs', status: 400 });
  });

  it('fails when the answer has no url', async () => {
    FakeXhr.answer = { status: 200, body: { success: true, data: {} } };
    await expect(mediaApi.uploadFile('eu', body)).rejects.toMatchObject({ message: 'The upload answer has no url' });
  });
});

describe('media API: AI CSS generator', () => {
  const realFetch = globalThis.fetch;
  afterEach(() => {
    globalThis.fetch = realFetch;
  });

  it('returns a failure answer instead of throwing, so the editor shows the spec notice', async () => {
    const calls: Array<{ url: string; init: RequestInit }> = [];
    globalThis.fetch = (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const text = JSON.stringify({ success: false, error: 'Failed to generate CSS. Please try again.' });
      return { ok: false, status: 502, statusText: 'Bad Gateway', text: async () => text };
    }) as unknown as typeof fetch;
    const answer = await mediaApi.generateCss({ messages: [{ role: 'user', content: 'blue' }], currentCSS: '' });
    expect(answer).toMatchObject({ success: false, error: 'Failed to generate CSS. Please try again.' });
    expect(calls[0]!.url).toBe('/api/ai-css-generator');
    await mediaApi.generateCss({ messages: [{ role: 'user', content: 'blue' }] }, 'na');
    expect(calls[1]!.url).toBe('/api/na/ai-css-generator');
  });
});
