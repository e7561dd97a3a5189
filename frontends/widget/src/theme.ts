import { hslToCss, parseCustomThemeJson, themePalette, type WidgetSettings } from '@platform/contracts';

/** The primary of the blue themes (the theme editor's default). */
const BLUE = '#228be6';

export interface WidgetTheme {
  dark: boolean;
  /** CSS custom properties for the shadow root's host */
  variables: Record<string, string>;
}

/**
 * The agent's theme as CSS variables: blue-light / blue-dark, or custom-light / custom-dark
 * from customThemeJSONString (its primary and its 10 shades).
 */
export function widgetTheme(settings: Pick<WidgetSettings, 'theme' | 'customThemeJSONString' | 'fontFamily'>): WidgetTheme {
  const dark = (settings.theme ?? '').endsWith('-dark');
  const custom = (settings.theme ?? '').startsWith('custom') ? parseCustomThemeJson(settings.customThemeJSONString ?? '') : null;
  let palette;
  try {
    palette = themePalette(typeof custom?.primary === 'string' ? custom.primary : BLUE, dark ? 'dark' : 'light');
  } catch {
    palette = themePalette(BLUE, dark ? 'dark' : 'light');
  }
  const shades = (custom?.nineColorPallet?.length ? custom.nineColorPallet : palette.nineColorPallet) as Array<[number, number, number]>;
  const variables: Record<string, string> = {
    '--vg-primary': palette.primary,
    '--vg-on-primary': '#ffffff',
    '--vg-bg': dark ? '#1a1b1e' : '#ffffff',
    '--vg-text': dark ? '#f1f3f5' : '#1a1b1e',
    '--vg-bot-bubble': dark ? '#2c2e33' : '#f1f3f5',
    '--vg-border': dark ? '#373a40' : '#dee2e6',
    '--vg-font': settings.fontFamily ? `'${settings.fontFamily.replace(/'/g, '')}', system-ui, sans-serif` : 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif',
  };
  shades.forEach((shade, i) => (variables[`--vg-shade-${i}`] = hslToCss(shade)));
  return { dark, variables };
}

/** The widget's own styles: class names the AI style assistant and ADVANCED_customCSS target (.vg-chat-*). */
export const BASE_CSS = `
:host { all: initial; font-family: var(--vg-font); color: var(--vg-text); }
* { box-sizing: border-box; }
.vg-chat-launcher { position: fixed; right: 20px; bottom: 20px; width: 60px; height: 60px; border-radius: 50%; border: none; cursor: pointer;
  background: var(--vg-primary) center/cover no-repeat; color: var(--vg-on-primary); box-shadow: 0 4px 14px rgba(0,0,0,.25); font-size: 26px; z-index: 2147483000; }
.vg-chat-proactive { position: fixed; right: 20px; bottom: 92px; max-width: 260px; padding: 10px 14px; border-radius: 12px; background: var(--vg-bg);
  color: var(--vg-text); box-shadow: 0 4px 14px rgba(0,0,0,.18); font-size: 14px; cursor: pointer; z-index: 2147483000; }
.vg-chat-window { display: flex; flex-direction: column; background: var(--vg-bg); color: var(--vg-text); overflow: hidden; font-size: 14px; }
.vg-chat-window--popup { position: fixed; right: 20px; bottom: 92px; width: 370px; height: 560px; max-height: calc(100vh - 112px); max-width: calc(100vw - 40px);
  border-radius: 14px; box-shadow: 0 10px 30px rgba(0,0,0,.2); z-index: 2147483000; }
.vg-chat-window--embedded { width: 100%; height: 100%; border: 1px solid var(--vg-border); border-radius: 10px; }
.vg-chat-window--full { position: fixed; inset: 0; }
.vg-chat-window[hidden], .vg-chat-proactive[hidden] { display: none; }
.vg-chat-header { display: flex; align-items: center; gap: 10px; padding: 12px 14px; background: var(--vg-primary) center/cover no-repeat; color: var(--vg-on-primary); }
.vg-chat-header img { width: 34px; height: 34px; border-radius: 50%; object-fit: cover; }
.vg-chat-header img.vg-chat-logo { width: auto; max-width: 120px; border-radius: 4px; object-fit: contain; }
.vg-chat-title { font-weight: 600; font-size: 15px; flex: 1; }
.vg-chat-subtitle { font-size: 12px; opacity: .85; }
.vg-chat-close { background: none; border: none; color: inherit; font-size: 20px; cursor: pointer; }
.vg-chat-banner { width: 100%; max-height: 120px; object-fit: cover; display: block; }
.vg-chat-messages { flex: 1; overflow-y: auto; padding: 14px; display: flex; flex-direction: column; gap: 8px; background: var(--vg-bg) center/cover no-repeat; }
.vg-message { max-width: 85%; padding: 9px 12px; border-radius: 12px; line-height: 1.4; white-space: pre-wrap; word-wrap: break-word; }
.vg-message--assistant { align-self: flex-start; background: var(--vg-bot-bubble); }
.vg-message--user { align-self: flex-end; background: var(--vg-primary); color: var(--vg-on-primary); }
.vg-message--error { align-self: center; background: none; color: #e03131; font-size: 12px; }
.vg-message--typing::after { content: '…'; }
.vg-chat-buttons { display: flex; gap: 6px; padding: 0 14px 8px; }
.vg-chat-buttons--vertical { flex-direction: column; }
.vg-chat-button { border: 1px solid var(--vg-primary); background: none; color: var(--vg-primary); border-radius: 16px; padding: 6px 12px; cursor: pointer; font: inherit; text-align: left; }
.vg-chat-button small { display: block; opacity: .75; }
.vg-chat-footer { display: flex; gap: 8px; padding: 10px; border-top: 1px solid var(--vg-border); align-items: center; flex-wrap: wrap; }
.vg-chat-input { flex: 1; min-width: 0; border: 1px solid var(--vg-border); border-radius: 18px; padding: 9px 12px; font: inherit; color: var(--vg-text); background: var(--vg-bg); outline: none; }
.vg-chat-send { border: none; background: var(--vg-primary); color: var(--vg-on-primary); border-radius: 18px; padding: 9px 14px; cursor: pointer; font: inherit; }
.vg-chat-send:disabled { opacity: .5; cursor: default; }
`;
