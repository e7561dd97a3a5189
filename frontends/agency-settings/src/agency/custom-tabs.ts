import type { CustomTab } from '@platform/contracts';

/** A new tab's starter page: its JS reads the dashboard variables and listens for the dashboard event. */
export const STARTER_HTML = `<div class="custom-tab">
  <h2>Hello from your custom tab</h2>
  <p id="greeting">Loading…</p>
</div>`;
export const STARTER_JS = `// window.dashboardVariables: the client, organisation and agency the dashboard shows.
const vars = window.dashboardVariables || {};
document.getElementById('greeting').textContent = 'Welcome' + (vars.client && vars.client.name ? ', ' + vars.client.name : '') + '!';
// The dashboard tells the tab when its data changes.
window.addEventListener('dashboard-event', (event) => {
  console.log('dashboard event', event.detail);
});`;

export const newCustomTab = (existing: readonly CustomTab[]): CustomTab => {
  let n = existing.length + 1;
  while (existing.some((t) => t.href === `/custom-${n}`)) n += 1;
  return { label: `Custom tab ${n}`, href: `/custom-${n}`, pageType: 'html', htmlContent: STARTER_HTML, jsContent: STARTER_JS, alwaysVisible: false };
};

/** The list with the tab at `index` moved by `by` (-1 up, +1 down); unchanged at the ends. */
export function moveTab<T>(list: readonly T[], index: number, by: -1 | 1): T[] {
  const target = index + by;
  if (target < 0 || target >= list.length) return [...list];
  const next = [...list];
  [next[index], next[target]] = [next[target]!, next[index]!];
  return next;
}
