import * as csstree from 'css-tree';

/** A colour seen in the site's CSS, with how much the place it was seen says about the brand. */
export interface ColorSighting {
  hex: string;
  weight: number;
}

/** The most colours offered to pick from (spec 2.13). */
export const MAX_BRAND_COLORS = 11;

// Where a colour is used says how much of the brand it carries: large fills and custom
// properties named like brand tokens more than borders and shadows.
const PROPERTY_WEIGHT: Array<[RegExp, number]> = [
  [/^--.*(brand|primary|accent|main|theme)/, 6],
  [/^--/, 2],
  [/^background(-color)?$/, 3],
  [/^(fill|stroke)$/, 2],
  [/^color$/, 2],
  [/^border/, 1],
  [/^(outline|text-decoration)/, 1],
];
const PROMINENT_SELECTOR = /(header|nav|hero|banner|btn|button|primary|brand|logo|cta|accent|^a\b|:root)/i;

export function propertyWeight(property: string): number {
  const key = property.toLowerCase();
  return PROPERTY_WEIGHT.find(([pattern]) => pattern.test(key))?.[1] ?? 0.5;
}

/** '#abc', '#aabbcc', '#aabbccdd', rgb()/rgba() → '#rrggbb'; anything else null. */
export function normalizeColor(value: string): string | null {
  const text = value.trim().toLowerCase();
  const hex = /^#([0-9a-f]{3,4}|[0-9a-f]{6}|[0-9a-f]{8})$/.exec(text)?.[1];
  if (hex) {
    const full = hex.length <= 4 ? [...hex.slice(0, 3)].map((c) => c + c).join('') : hex.slice(0, 6);
    return `#${full}`;
  }
  const rgb = /^rgba?\(\s*(\d{1,3})[\s,]+(\d{1,3})[\s,]+(\d{1,3})/.exec(text);
  if (rgb) {
    const parts = rgb.slice(1, 4).map(Number);
    if (parts.some((n) => n > 255)) return null;
    return `#${parts.map((n) => n.toString(16).padStart(2, '0')).join('')}`;
  }
  return null;
}

/** Every colour in a stylesheet (or a style attribute's declarations), weighted by property and selector. */
export function colorsInCss(css: string, options: { declarationsOnly?: boolean; boost?: number } = {}): ColorSighting[] {
  const sightings: ColorSighting[] = [];
  let ast: csstree.CssNode;
  try {
    ast = csstree.parse(css, { context: options.declarationsOnly ? 'declarationList' : 'stylesheet', parseValue: true, onParseError: () => undefined });
  } catch {
    return sightings;
  }
  csstree.walk(ast, {
    visit: 'Declaration',
    enter(node: csstree.Declaration) {
      const rule = this.rule;
      const selector = rule ? csstree.generate(rule.prelude) : '';
      const boost = (PROMINENT_SELECTOR.test(selector) ? 1.5 : 1) * (options.boost ?? 1);
      const weight = propertyWeight(node.property) * boost;
      csstree.walk(node.value, (value) => {
        let hex: string | null = null;
        if (value.type === 'Hash') hex = normalizeColor(`#${value.value}`);
        else if (value.type === 'Function' && /^rgba?$/i.test(value.name)) hex = normalizeColor(csstree.generate(value));
        else if (value.type === 'Raw') hex = normalizeColor(value.value);
        if (hex) sightings.push({ hex, weight });
      });
    },
  });
  return sightings;
}

const rgbOf = (hex: string) => [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)) as [number, number, number];

/** 0 for greys, white and black; up to 1 for vivid colours. */
export function colorfulness(hex: string): number {
  const [r, g, b] = rgbOf(hex);
  return (Math.max(r, g, b) - Math.min(r, g, b)) / 255;
}

const distance = (a: string, b: string) => {
  const [x, y] = [rgbOf(a), rgbOf(b)];
  return Math.hypot(x[0] - y[0], x[1] - y[1], x[2] - y[2]);
};

/**
 * The brand colours by prominence: weights summed per colour, near-identical shades merged into
 * the heavier one, greys (text, borders, white, black) ranked after real colours, at most `limit`.
 */
export function rankBrandColors(sightings: ColorSighting[], limit = MAX_BRAND_COLORS): string[] {
  const totals = new Map<string, number>();
  for (const { hex, weight } of sightings) totals.set(hex, (totals.get(hex) ?? 0) + weight);
  const scored = [...totals].map(([hex, weight]) => ({ hex, score: weight * (colorfulness(hex) < 0.08 ? 0.25 : 1) }));
  scored.sort((a, b) => b.score - a.score || a.hex.localeCompare(b.hex));
  const kept: typeof scored = [];
  for (const candidate of scored) {
    const twin = kept.find((k) => distance(k.hex, candidate.hex) < 16);
    if (twin) twin.score += candidate.score;
    else kept.push({ ...candidate });
  }
  kept.sort((a, b) => b.score - a.score || a.hex.localeCompare(b.hex));
  return kept.slice(0, limit).map((c) => c.hex);
}
