import { AGENT_API, CHAT_MESSAGE_MAX, gatewayPath, type ConversationMessage, type Region, type WidgetSettings } from '@platform/contracts';
import { ApiError } from '@platform/ui/api/http';
import { streamChat } from '@platform/ui/api/chat-stream';
import { wordsFor, type Words } from './i18n';
import { BASE_CSS, widgetTheme } from './theme';

/** popup: launcher bottom-right; embedded: fills the page's container; full: the whole viewport (iframe, demo, share). */
export type WidgetMode = 'popup' | 'embedded' | 'full';

export interface WidgetOptions {
  /** the gateway that serves the widget and its API */
  origin: string;
  region?: Region;
  agentId: string;
  mode: WidgetMode;
  /** where an embedded or full widget goes (default: document.body) */
  container?: HTMLElement;
  storage?: Storage;
}

type KeyValueStore = Pick<Storage, 'getItem' | 'setItem'>;

/**
 * The page's localStorage, or a store in memory when the browser refuses it: an iframe snippet on
 * another site is a third-party document, and browsers that block third-party storage throw on
 * any access. The visitor then chats as usual; only the next page does not show the conversation.
 */
export function widgetStorage(preferred?: Storage): KeyValueStore {
  if (preferred) return preferred;
  try {
    const storage = window.localStorage;
    storage.getItem('vg-visitor');
    return storage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
  }
}

const randomId = (length = 20) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from(crypto.getRandomValues(new Uint8Array(length)), (byte) => alphabet[byte % alphabet.length]).join('');
};

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text !== undefined) node.textContent = text;
  return node;
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The agent's public settings (look, greetings), read without cookies. */
export async function fetchWidgetSettings(options: Pick<WidgetOptions, 'origin' | 'region' | 'agentId'>): Promise<WidgetSettings> {
  const response = await fetch(`${options.origin}${gatewayPath(AGENT_API.getWidgetSettings, { agentId: options.agentId }, options.region)}`, { credentials: 'omit' });
  if (!response.ok) throw new Error(`agent ${options.agentId} not found (${response.status})`);
  return ((await response.json()) as { data: WidgetSettings }).data;
}

/** The visitor's own earlier messages in this conversation (none when it is gone or not theirs). */
async function fetchOwnConversation(options: Pick<WidgetOptions, 'origin' | 'region' | 'agentId'>, conversationId: string, visitorId: string): Promise<ConversationMessage[]> {
  const path = gatewayPath(AGENT_API.getWidgetConversation, { agentId: options.agentId, conversationId }, options.region, { visitorId });
  try {
    const response = await fetch(`${options.origin}${path}`, { credentials: 'omit' });
    return response.ok ? ((await response.json()) as { data: { messages: ConversationMessage[] } }).data.messages : [];
  } catch {
    return [];
  }
}

/**
 * The chat widget in a shadow root, so the page's CSS does not reach in and the agent's
 * ADVANCED_customCSS does not leak out.
 */
export class ChatWidget {
  readonly host: HTMLElement;
  private readonly root: ShadowRoot;
  private readonly words: Words;
  private readonly window: HTMLElement;
  private readonly messages: HTMLElement;
  private readonly input: HTMLInputElement;
  private readonly sendButton: HTMLButtonElement;
  private readonly launcher?: HTMLButtonElement;
  private readonly proactive?: HTMLElement;
  private readonly storage: KeyValueStore;
  private greeted = false;
  private busy = false;
  /** chatForget: the conversation lives only while the widget is open */
  private conversationId?: string;

  constructor(
    private readonly options: WidgetOptions,
    private readonly settings: WidgetSettings,
  ) {
    this.storage = widgetStorage(options.storage);
    const { lang, words } = wordsFor(settings.lang);
    this.words = words;
    this.host = document.createElement('div');
    this.host.setAttribute('data-vg-agent', options.agentId);
    if (options.mode !== 'popup') this.host.style.cssText = 'display:block;width:100%;height:100%;';
    this.root = this.host.attachShadow({ mode: 'open' });
    const theme = widgetTheme(settings);
    const style = document.createElement('style');
    const variables = Object.entries(theme.variables).map(([name, value]) => `${name}: ${value};`).join(' ');
    // The agent's CSS last, so it wins; inside the shadow root it styles nothing else on the page.
    style.textContent = `:host { ${variables} }\n${BASE_CSS}\n${settings.ADVANCED_customCSS ?? ''}`;
    this.root.append(style);

    this.window = element('div', `vg-chat-window vg-chat-window--${options.mode}${theme.dark ? ' vg-chat-window--dark' : ''}`);
    this.window.setAttribute('lang', lang);
    this.window.setAttribute('role', 'dialog');
    this.window.setAttribute('aria-label', settings.title ?? 'Chat');
    this.window.append(this.header());
    if (settings.bannerImageURL) {
      const banner = element('img', 'vg-chat-banner');
      banner.src = settings.bannerImageURL;
      banner.alt = '';
      this.window.append(banner);
    }
    this.messages = element('div', 'vg-chat-messages');
    this.messages.setAttribute('aria-live', 'polite');
    if (settings.chatBgURL) this.messages.style.backgroundImage = `url("${encodeURI(settings.chatBgURL)}")`;
    this.window.append(this.messages);

    const footer = element('form', 'vg-chat-footer');
    this.input = element('input', 'vg-chat-input');
    this.input.placeholder = words.placeholder;
    this.input.setAttribute('aria-label', words.placeholder);
    this.input.maxLength = CHAT_MESSAGE_MAX;
    this.sendButton = element('button', 'vg-chat-send', words.send);
    this.sendButton.type = 'submit';
    footer.append(this.input, this.sendButton);
    footer.addEventListener('submit', (event) => {
      event.preventDefault();
      void this.send(this.input.value);
    });
    const buttons = this.buttons(footer);
    if (buttons && settings.buttonsLayout !== 'in-footer') this.window.append(buttons);
    this.window.append(footer);

    if (options.mode === 'popup') {
      this.window.hidden = true;
      this.launcher = element('button', 'vg-chat-launcher', settings.roundedImageURL ? '' : '💬');
      this.launcher.type = 'button';
      this.launcher.setAttribute('aria-label', words.open);
      if (settings.roundedImageURL) this.launcher.style.backgroundImage = `url("${encodeURI(settings.roundedImageURL)}")`;
      this.launcher.addEventListener('click', () => (this.window.hidden ? this.open() : this.close()));
      this.root.append(this.window, this.launcher);
      if (settings.proactiveMessage) {
        this.proactive = element('div', 'vg-chat-proactive', settings.proactiveMessage);
        this.proactive.addEventListener('click', () => this.open());
        this.root.append(this.proactive);
      }
      (options.container ?? document.body).append(this.host);
      if (settings.autoStartWidget) this.open();
    } else {
      this.root.append(this.window);
      (options.container ?? document.body).append(this.host);
      void this.greet();
    }
  }

  private header(): HTMLElement {
    const header = element('div', 'vg-chat-header');
    if (this.settings.headerImageURL) header.style.backgroundImage = `url("${encodeURI(this.settings.headerImageURL)}")`;
    const avatarUrl = this.settings.avatarImageURL ?? this.settings.roundedImageURL;
    if (avatarUrl) {
      const avatar = element('img', 'vg-chat-avatar');
      avatar.src = avatarUrl;
      avatar.alt = '';
      header.append(avatar);
    }
    if (this.settings.rectangularImageURL) {
      // the rectangular image: the brand's logo at the head of the chat
      const logo = element('img', 'vg-chat-logo');
      logo.src = this.settings.rectangularImageURL;
      logo.alt = '';
      header.append(logo);
    }
    const titles = element('div', 'vg-chat-title', this.settings.title ?? '');
    if (this.settings.description) titles.append(element('div', 'vg-chat-subtitle', this.settings.description));
    header.append(titles);
    if (this.options.mode === 'popup') {
      const close = element('button', 'vg-chat-close', '×');
      close.type = 'button';
      close.setAttribute('aria-label', this.words.close);
      close.addEventListener('click', () => this.close());
      header.append(close);
    }
    return header;
  }

  /** The human-handoff button (its titles), laid out per buttonsLayout. */
  private buttons(footer: HTMLElement): HTMLElement | undefined {
    if (!this.settings.enableHumanHandoff) return undefined;
    const row = element('div', `vg-chat-buttons vg-chat-buttons--${this.settings.buttonsLayout ?? 'horizontal'}`);
    const handoff = element('button', 'vg-chat-button vg-chat-handoff', this.settings.UIhandoffTitle || this.words.handoff);
    handoff.type = 'button';
    if (this.settings.UIhandoffSubtitle) handoff.append(element('small', '', this.settings.UIhandoffSubtitle));
    handoff.addEventListener('click', () => void this.send(this.settings.UIhandoffTitle || this.words.handoff));
    row.append(handoff);
    if (this.settings.buttonsLayout === 'in-footer') footer.prepend(row);
    return row;
  }

  open(): void {
    this.window.hidden = false;
    if (this.proactive) this.proactive.hidden = true;
    this.launcher?.setAttribute('aria-label', this.words.close);
    void this.greet();
    this.input.focus();
  }

  close(): void {
    this.window.hidden = true;
    this.launcher?.setAttribute('aria-label', this.words.open);
    if (this.settings.chatForget) {
      this.conversationId = undefined;
      this.messages.replaceChildren();
      this.greeted = false;
    }
  }

  /**
   * The greetings, one after the other, messageDelayMS apart; then, on a later page of the same
   * site, the conversation so far.
   */
  private async greet(): Promise<void> {
    if (this.greeted) return;
    this.greeted = true;
    const conversationId = this.settings.chatForget ? undefined : this.stored(this.conversationKey);
    const visitorId = this.stored('visitor');
    const earlier = conversationId && visitorId ? fetchOwnConversation(this.options, conversationId, visitorId) : Promise.resolve([]);
    for (const [i, greeting] of this.settings.greetings.entries()) {
      if (i > 0 && this.settings.messageDelayMS) await wait(this.settings.messageDelayMS);
      this.bubble('assistant', greeting);
    }
    for (const message of await earlier) this.bubble(message.role, message.content);
  }

  private get conversationKey() {
    return `conversation-${this.options.agentId}`;
  }

  private bubble(role: 'user' | 'assistant' | 'error', text: string): HTMLElement {
    const bubble = element('div', `vg-message vg-message--${role}`, text);
    this.messages.append(bubble);
    this.messages.scrollTop = this.messages.scrollHeight;
    return bubble;
  }

  private stored(name: string, make?: () => string): string | undefined {
    const storage = this.storage;
    const key = `vg-${name}`;
    let value = storage.getItem(key) ?? undefined;
    if (!value && make) {
      value = make();
      storage.setItem(key, value);
    }
    return value;
  }

  /** Sends a message and shows the answer as it streams in. */
  async send(raw: string): Promise<void> {
    const text = raw.trim();
    if (!text || this.busy) return;
    this.busy = true;
    this.sendButton.disabled = true;
    this.input.value = '';
    this.bubble('user', text);
    const answer = this.bubble('assistant', '');
    answer.classList.add('vg-message--typing');
    const conversationKey = this.conversationKey;
    const remember = !this.settings.chatForget;
    try {
      const result = await streamChat(AGENT_API.sendWidgetMessage, {
        origin: this.options.origin,
        region: this.options.region,
        agentId: this.options.agentId,
        credentials: 'omit',
        body: { visitorId: this.stored('visitor', randomId)!, conversationId: remember ? this.stored(conversationKey) : this.conversationId, messageId: randomId(), text },
        onDelta: (piece) => {
          answer.classList.remove('vg-message--typing');
          answer.textContent += piece;
          this.messages.scrollTop = this.messages.scrollHeight;
        },
      });
      answer.classList.remove('vg-message--typing');
      answer.textContent = result.text;
      if (remember) this.storage.setItem(`vg-${conversationKey}`, result.conversationId);
      else this.conversationId = result.conversationId;
    } catch (error) {
      answer.remove();
      this.bubble('error', error instanceof ApiError && error.status > 0 ? error.message : this.words.failed);
    } finally {
      this.busy = false;
      this.sendButton.disabled = false;
    }
  }
}

export async function mountWidget(options: WidgetOptions): Promise<ChatWidget> {
  return new ChatWidget(options, await fetchWidgetSettings(options));
}
