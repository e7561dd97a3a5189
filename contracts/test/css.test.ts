import { extractCss, findRawCss } from '@platform/contracts';

describe('extractCss', () => {
  it('takes the ```css fenced blocks, joined, without the fences', () => {
    const answer = 'Here you go:\n\n```css\n.header { color: red; }\n```\n\nAnd the button:\n```CSS\n.button {\n  background: blue;\n}\n```';
    expect(extractCss(answer)).toBe('.header { color: red; }\n\n.button {\n  background: blue;\n}');
  });

  it('prefers css blocks over untagged ones and ignores other languages', () => {
    const answer = '```js\ndocument.body.style = "x"; if (a) { b: 1 }\n```\n```\n.ignored { color: red; }\n```\n```css\n.kept { color: green; }\n```';
    expect(extractCss(answer)).toBe('.kept { color: green; }');
  });

  it('accepts untagged fences that hold CSS rules', () => {
    expect(extractCss('Try:\n```\n.chat { border-radius: 8px; }\n```')).toBe('.chat { border-radius: 8px; }');
    expect(extractCss('```\nnot css at all\n```')).toBeNull();
  });

  it('finds raw CSS rules written in the text', () => {
    const answer = 'Sure! Add this to your CSS:\n\n.vg-header {\n  background: #123456;\n}\n\n@media (max-width: 600px) {\n  .vg-header { font-size: 12px; }\n}\n\nLet me know if you want more.';
    expect(extractCss(answer)).toBe('.vg-header {\n  background: #123456;\n}\n\n@media (max-width: 600px) {\n  .vg-header { font-size: 12px; }\n}');
  });

  it('answers null when there is no CSS', () => {
    expect(extractCss('I can help with styling. What colour do you want?')).toBeNull();
    expect(extractCss('')).toBeNull();
    expect(extractCss('Use {curly braces} like this in a sentence, it is not CSS.')).toBeNull();
    expect(extractCss('```python\ndef f(x): return {x: 1}\n```')).toBeNull();
    expect(extractCss('```css\n\n```')).toBeNull();
  });

  it('skips brace blocks without declarations and unbalanced braces', () => {
    expect(findRawCss('.a { }')).toBeNull();
    expect(findRawCss('.a { color: red;')).toBeNull();
    expect(findRawCss('body { margin: 0 } p, h1 > span { color: #fff }')).toBe('body { margin: 0 }\n\np, h1 > span { color: #fff }');
  });
});
