import { isRegionName } from './region';
import { mountWidget, type WidgetMode } from './chat-widget';

/*
 * /widget/embed.js: mounts the agent's chat widget from the <script> tag's data attributes
 * (the Website Script snippets): data-agent-id, data-region, data-mode (popup by default,
 * embedded, full) and data-container (the element id an embedded chat fills).
 */
function start(script: HTMLScriptElement): void {
  const { agentId, region, mode, container } = script.dataset;
  if (!agentId) return void console.error('embed.js: data-agent-id is missing');
  const widgetMode: WidgetMode = mode === 'embedded' || mode === 'full' ? mode : 'popup';
  const target = container ? document.getElementById(container) : null;
  if (container && !target) return void console.error(`embed.js: no element with id "${container}"`);
  mountWidget({ origin: new URL(script.src).origin, region: isRegionName(region) ? region : undefined, agentId, mode: widgetMode, container: target ?? undefined }).catch((error) =>
    console.error('embed.js: the chat widget could not start', error),
  );
}

const script = document.currentScript as HTMLScriptElement | null;
if (script) {
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => start(script));
  else start(script);
}
