import { CSS_ASSISTANT_SYSTEM_PROMPT, MAX_CHAT_MESSAGES, buildCssChat } from '../src/domain/css-assistant';

describe('buildCssChat', () => {
  it('sends the instructions, the current CSS and the messages in order', () => {
    const chat = buildCssChat({ messages: [{ role: 'user', content: 'red header' }], currentCSS: ' .a { color: blue; } ' });
    expect(chat).toEqual([
      { role: 'system', content: CSS_ASSISTANT_SYSTEM_PROMPT },
      { role: 'system', content: "The widget's current custom CSS:\n```css\n.a { color: blue; }\n```" },
      { role: 'user', content: 'red header' },
    ]);
    expect(CSS_ASSISTANT_SYSTEM_PROMPT).toMatch(/```css/);
  });

  it('leaves out empty CSS and keeps only the newest messages', () => {
    const messages = Array.from({ length: 30 }, (_, i) => ({ role: (i % 2 ? 'assistant' : 'user') as 'user' | 'assistant', content: `m${i}` }));
    const chat = buildCssChat({ messages, currentCSS: '  ' });
    expect(chat).toHaveLength(1 + MAX_CHAT_MESSAGES);
    expect(chat[1]).toEqual({ role: 'user', content: 'm10' });
    expect(chat.at(-1)).toEqual({ role: 'assistant', content: 'm29' });
  });
});
