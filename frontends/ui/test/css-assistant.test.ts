import { extractCss } from '@platform/contracts';
import {
  CHAT_ROWS,
  buildRequest,
  canSend,
  generationOutcome,
  insertCss,
  isSendShortcut,
  manualInsertion,
  messageParts,
  type ChatMessage,
} from '../src/css-editor/css-assistant';
import { CSS_EDITOR_HEIGHT, CSS_EDITOR_MESSAGES as EDITOR_MESSAGES } from '../src/css-editor/messages';

describe('CSS editor AI assistant', () => {
  it('uses the spec texts word for word and the 500 px editor', () => {
    expect(EDITOR_MESSAGES.generationFailed).toBe('Failed to generate CSS. Please try again.');
    expect(EDITOR_MESSAGES.noCssGenerated).toBe('Generated response but no CSS code found...');
    expect(EDITOR_MESSAGES.noCssInMessage).toBe('No CSS code found in this message');
    expect(EDITOR_MESSAGES.generatedAndInserted).toBe('CSS generated and inserted successfully!');
    expect(EDITOR_MESSAGES.insertedManually).toBe('CSS inserted manually!');
    expect(EDITOR_MESSAGES.chatReset).toBe('Chat conversation reset!');
    expect(EDITOR_MESSAGES.extensionsFailed).toBe('Failed to load code editor extensions');
    expect(CSS_EDITOR_HEIGHT).toBe(500);
    expect(CHAT_ROWS).toEqual({ min: 1, max: 3 });
  });

  it('sends only a non-empty message while not generating', () => {
    expect(canSend('make it blue', false)).toBe(true);
    expect(canSend('   \n ', false)).toBe(false);
    expect(canSend('', false)).toBe(false);
    expect(canSend('make it blue', true)).toBe(false);
  });

  it('submits on Ctrl+Enter or Cmd+Enter only', () => {
    expect(isSendShortcut({ key: 'Enter', ctrlKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter', metaKey: true })).toBe(true);
    expect(isSendShortcut({ key: 'Enter' })).toBe(false);
    expect(isSendShortcut({ key: 'a', ctrlKey: true })).toBe(false);
  });

  it('sends the conversation without failure apologies, with the current CSS', () => {
    const conversation: ChatMessage[] = [
      { role: 'user', content: 'blue header' },
      { role: 'assistant', content: 'Sorry', failed: true },
      { role: 'user', content: 'try again' },
      { role: 'assistant', content: 'Here ```css\na{}\n```', sandbox: true },
    ];
    expect(buildRequest(conversation, '.x{}', { agentID: 'agent1' })).toEqual({
      messages: [
        { role: 'user', content: 'blue header' },
        { role: 'user', content: 'try again' },
        { role: 'assistant', content: 'Here ```css\na{}\n```' },
      ],
      currentCSS: '.x{}',
      agentID: 'agent1',
    });
  });

  it('finds CSS in fenced css blocks, untagged blocks with rules, or plain rules', () => {
    expect(extractCss('Sure:\n```css\n.a { color: red; }\n```\nand\n```css\n.b { margin: 0 }\n```')).toBe('.a { color: red; }\n\n.b { margin: 0 }');
    expect(extractCss('```\n.header { background: #000; }\n```')).toBe('.header { background: #000; }');
    expect(extractCss('Use this rule:\n.btn { border-radius: 8px; }\nThat is all.')).toBe('.btn { border-radius: 8px; }');
    expect(extractCss('```js\nconst a = { b: 1 };\n```')).toBeNull();
    expect(extractCss('I cannot help with that.')).toBeNull();
  });

  it('inserts CSS at the end of the editor text', () => {
    expect(insertCss('', '.a{}')).toBe('.a{}\n');
    expect(insertCss('.x { color: red; }\n\n', '  .a{}  ')).toBe('.x { color: red; }\n\n.a{}\n');
    expect(insertCss('.x{}', '   ')).toBe('.x{}');
  });

  it('turns an answer into the insertion and notice, preferring the CSS the server found', () => {
    const inserted = generationOutcome({ success: true, response: 'Done:\n```css\n.a { color: red; }\n```', sandbox: true });
    expect(inserted).toMatchObject({ kind: 'inserted', css: '.a { color: red; }', notice: 'CSS generated and inserted successfully!' });
    expect(inserted.reply).toEqual({ role: 'assistant', content: 'Done:\n```css\n.a { color: red; }\n```', sandbox: true });
    expect(generationOutcome({ success: true, response: 'text', css: '.server{}' })).toMatchObject({ kind: 'inserted', css: '.server{}' });
    expect(generationOutcome({ success: true, response: 'No styles needed.' })).toMatchObject({ kind: 'no-css', notice: 'Generated response but no CSS code found...' });
    const failed = generationOutcome({ success: false, error: 'Failed to generate CSS. Please try again.' });
    expect(failed.kind).toBe('failed');
    expect(failed.notice).toBe('Failed to generate CSS. Please try again.');
    expect(failed.reply.failed).toBe(true);
    expect(generationOutcome(undefined).kind).toBe('failed');
  });

  it('inserts from one message manually, or says there is no CSS in it', () => {
    expect(manualInsertion({ role: 'assistant', content: '```css\n.a{color:red}\n```' })).toEqual({ css: '.a{color:red}', notice: 'CSS inserted manually!' });
    expect(manualInsertion({ role: 'assistant', content: 'Just words' })).toEqual({ css: null, notice: 'No CSS code found in this message' });
  });

  it('splits a message into text and code for display', () => {
    expect(messageParts('Here:\n```css\n.a{}\n```\nDone')).toEqual([
      { kind: 'text', value: 'Here:' },
      { kind: 'code', value: '.a{}', language: 'css' },
      { kind: 'text', value: 'Done' },
    ]);
  });
});
