import type { WidgetSettings } from '@platform/contracts';
import { ChatWidget } from '../src/chat-widget';
import { wordsFor } from '../src/i18n';
import { widgetTheme } from '../src/theme';

const settings = (extra: Partial<WidgetSettings> = {}): WidgetSettings => ({ ID: 'agent1234567890ab', title: 'Ava', greetings: ['Hello!'], ...extra });
const mount = (extra: Partial<WidgetSettings> = {}, mode: 'popup' | 'embedded' | 'full' = 'popup', container?: HTMLElement) =>
  new ChatWidget({ origin: 'https://gw.example', agentId: 'agent1234567890ab', mode, container, storage: window.sessionStorage }, settings(extra));
const shadow = (widget: ChatWidget) => widget.host.shadowRoot!;

describe('the embedded chat widget', () => {
  afterEach(() => document.body.replaceChildren());

  it('popup: a launcher bottom-right, the window closed until clicked, the proactive message beside it', () => {
    const widget = mount({ proactiveMessage: 'Need help?' });
    const root = shadow(widget);
    const window = root.querySelector<HTMLElement>('.vg-chat-window')!;
    expect(window.hidden).toBe(true);
    expect(root.querySelector('.vg-chat-proactive')!.textContent).toBe('Need help?');
    root.querySelector<HTMLButtonElement>('.vg-chat-launcher')!.click();
    expect(window.hidden).toBe(false);
    expect(root.querySelector<HTMLElement>('.vg-chat-proactive')!.hidden).toBe(true);
    expect([...root.querySelectorAll('.vg-message--assistant')].map((m) => m.textContent)).toEqual(['Hello!']);
  });

  it('with chatForget, closing the widget forgets the conversation: reopened, it greets afresh', () => {
    const widget = mount({ chatForget: true, greetings: ['Hi', 'Ask me anything'] });
    const root = shadow(widget);
    widget.open();
    expect(root.querySelectorAll('.vg-message')).toHaveLength(2);
    widget.close();
    expect(root.querySelectorAll('.vg-message')).toHaveLength(0);
    widget.open();
    expect(root.querySelector('.vg-message')!.textContent).toBe('Hi');
  });

  it('shows the greetings messageDelayMS apart', async () => {
    jest.useFakeTimers();
    try {
      const root = shadow(mount({ greetings: ['One', 'Two'], messageDelayMS: 1000 }, 'full'));
      expect(root.querySelectorAll('.vg-message')).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(999);
      expect(root.querySelectorAll('.vg-message')).toHaveLength(1);
      await jest.advanceTimersByTimeAsync(1);
      expect([...root.querySelectorAll('.vg-message')].map((m) => m.textContent)).toEqual(['One', 'Two']);
    } finally {
      jest.useRealTimers();
    }
  });

  it('opens by itself with autoStartWidget', () => {
    expect(shadow(mount({ autoStartWidget: true })).querySelector<HTMLElement>('.vg-chat-window')!.hidden).toBe(false);
  });

  it("keeps the agent's custom CSS and theme inside its shadow root", () => {
    const widget = mount({ ADVANCED_customCSS: '.vg-chat-header { background: hotpink; }', theme: 'custom-dark', customThemeJSONString: JSON.stringify({ primary: '#ff0000', themeType: 'dark' }) });
    const css = shadow(widget).querySelector('style')!.textContent!;
    expect(css).toContain('.vg-chat-header { background: hotpink; }');
    expect(css).toContain('--vg-primary: #ff0000;');
    expect(css).toContain('--vg-bg: #1a1b1e;');
    expect(document.head.querySelectorAll('style')).toHaveLength(0);
    expect(shadow(widget).querySelector('.vg-chat-window')!.classList.contains('vg-chat-window--dark')).toBe(true);
  });

  it('fills the container in embedded mode, greets at once, and shows images', () => {
    const container = document.createElement('div');
    document.body.append(container);
    const widget = mount({ avatarImageURL: 'https://cdn.example/a.png', bannerImageURL: 'https://cdn.example/b.png', rectangularImageURL: 'https://cdn.example/logo.png', chatBgURL: 'https://cdn.example/bg.png', headerImageURL: 'https://cdn.example/h.png' }, 'embedded', container);
    expect(container.firstElementChild).toBe(widget.host);
    const root = shadow(widget);
    expect(root.querySelector('.vg-chat-launcher')).toBeNull();
    expect(root.querySelector('.vg-chat-window--embedded')).not.toBeNull();
    expect(root.querySelector<HTMLImageElement>('.vg-chat-avatar')!.src).toBe('https://cdn.example/a.png');
    expect(root.querySelector<HTMLImageElement>('.vg-chat-banner')!.src).toBe('https://cdn.example/b.png');
    expect(root.querySelector<HTMLImageElement>('.vg-chat-logo')!.src).toBe('https://cdn.example/logo.png');
    expect(root.querySelector<HTMLElement>('.vg-chat-messages')!.style.backgroundImage).toContain('https://cdn.example/bg.png');
    expect(root.querySelector<HTMLElement>('.vg-chat-header')!.style.backgroundImage).toContain('https://cdn.example/h.png');
    expect(root.querySelector('.vg-message--assistant')!.textContent).toBe('Hello!');
  });

  it('shows the handoff titles in the chosen buttons layout, and speaks the agent language', () => {
    const widget = mount({ enableHumanHandoff: true, UIhandoffTitle: 'Human please', UIhandoffSubtitle: 'We answer in 5 min', buttonsLayout: 'in-footer', lang: 'es' }, 'full');
    const root = shadow(widget);
    const handoff = root.querySelector('.vg-chat-footer .vg-chat-buttons--in-footer .vg-chat-handoff')!;
    expect(handoff.textContent).toBe('Human pleaseWe answer in 5 min');
    expect(root.querySelector<HTMLInputElement>('.vg-chat-input')!.placeholder).toBe('Escribe un mensaje…');
    expect(root.querySelector('.vg-chat-window')!.getAttribute('lang')).toBe('es');
    const vertical = shadow(mount({ enableHumanHandoff: true, buttonsLayout: 'vertical' }, 'full'));
    expect(vertical.querySelector('.vg-chat-buttons--vertical .vg-chat-handoff')!.textContent).toBe('Talk to a person');
  });
});

describe('widget words and theme', () => {
  it('falls back to English for unknown languages and reads regional tags', () => {
    expect(wordsFor('pt-BR').lang).toBe('pt');
    expect(wordsFor('xx').words.send).toBe('Send');
    expect(wordsFor(undefined).lang).toBe('en');
  });

  it('uses the blue palette for blue themes and 10 shades as variables', () => {
    const theme = widgetTheme({ theme: 'blue-light' });
    expect(theme.dark).toBe(false);
    expect(theme.variables['--vg-primary']).toBe('#228be6');
    expect(Object.keys(theme.variables).filter((name) => name.startsWith('--vg-shade-'))).toHaveLength(10);
    expect(widgetTheme({ theme: 'custom-light', customThemeJSONString: 'not json' }).variables['--vg-primary']).toBe('#228be6');
  });

  it('chats when the browser refuses storage (an iframe snippet on another site, third-party storage blocked)', async () => {
    const descriptor = Object.getOwnPropertyDescriptor(window, 'localStorage')!;
    Object.defineProperty(window, 'localStorage', { configurable: true, get: () => { throw new DOMException('Access is denied for this document.', 'SecurityError'); } });
    const fetch = jest.fn().mockRejectedValue(new TypeError('offline'));
    const realFetch = globalThis.fetch;
    globalThis.fetch = fetch as unknown as typeof globalThis.fetch;
    try {
      const widget = new ChatWidget({ origin: 'https://gw.example', agentId: 'agent1234567890ab', mode: 'full' }, settings());
      await widget.send('Hello');
      expect(fetch).toHaveBeenCalledTimes(1);
      expect(JSON.parse(fetch.mock.calls[0][1].body)).toMatchObject({ text: 'Hello', visitorId: expect.stringMatching(/^[A-Za-z0-9]{20}$/) });
    } finally {
      Object.defineProperty(window, 'localStorage', descriptor);
      globalThis.fetch = realFetch;
    }
  });
});
