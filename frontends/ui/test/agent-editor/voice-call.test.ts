import { MESSAGES } from '@platform/contracts';
import { VoiceCall, type Recognizer, type Speaker, type VoiceCallState, type VoiceTurn } from '../../src/agent-editor/voice/voice-call';

/** A recognizer that hears, in order, what the test scripts for each listening turn. */
class ScriptedRecognizer implements Recognizer {
  lang = '';
  interimResults = true;
  continuous = true;
  onresult: Recognizer['onresult'] = null;
  onerror: Recognizer['onerror'] = null;
  onend: Recognizer['onend'] = null;
  aborted = false;
  constructor(private readonly heard: { text?: string; error?: string }) {}
  start() {
    queueMicrotask(() => {
      if (this.aborted) return;
      if (this.heard.error) this.onerror?.({ error: this.heard.error });
      if (this.heard.text) this.onresult?.({ results: [[{ transcript: this.heard.text }]] });
      this.onend?.();
    });
  }
  abort() {
    this.aborted = true;
  }
}

function harness(script: Array<{ text?: string; error?: string }>, ask: (text: string) => Promise<string>) {
  const said: string[] = [];
  const states: VoiceCallState[] = [];
  let turns: readonly VoiceTurn[] = [];
  let problem: string | undefined;
  const recognizers: ScriptedRecognizer[] = [];
  let settled: () => void;
  const finished = new Promise<void>((resolve) => (settled = resolve));
  const speaker: Speaker = { speak: async (text) => void said.push(text), cancel: () => undefined };
  const call = new VoiceCall({
    recognizer: () => {
      const next = script.shift();
      if (!next) {
        queueMicrotask(() => call.end());
        const idle = new ScriptedRecognizer({});
        idle.start = () => undefined;
        return idle;
      }
      const recognizer = new ScriptedRecognizer(next);
      recognizers.push(recognizer);
      return recognizer;
    },
    speaker,
    ask,
    lang: 'de-DE',
    onChange: (state, now, why) => {
      states.push(state);
      turns = now;
      problem = why;
      if (state === 'ended' || state === 'failed') settled();
    },
  });
  return { call, said, states, finished, recognizers, result: () => ({ turns, problem }) };
}

describe('a browser voice call with the agent', () => {
  it('says the greeting, then answers each thing heard, in the agent language, until ended', async () => {
    const asked: string[] = [];
    const h = harness([{ text: 'What are your opening hours?' }, { error: 'no-speech' }, { text: 'Thanks' }], async (text) => {
      asked.push(text);
      return `You said: ${text}`;
    });
    await h.call.start('Hello, how can I help?');
    await h.finished;
    expect(asked).toEqual(['What are your opening hours?', 'Thanks']);
    expect(h.said).toEqual(['Hello, how can I help?', 'You said: What are your opening hours?', 'You said: Thanks']);
    expect(h.result().turns.map((t) => t.from)).toEqual(['agent', 'user', 'agent', 'user', 'agent']);
    expect(h.states.at(-1)).toBe('ended');
    expect(h.recognizers.every((r) => r.lang === 'de-DE' && !r.interimResults && !r.continuous)).toBe(true);
  });

  it('stops with a clear message when the microphone is refused, and when the agent cannot answer', async () => {
    const blocked = harness([{ error: 'not-allowed' }], async () => 'never');
    await blocked.call.start();
    await blocked.finished;
    expect(blocked.states.at(-1)).toBe('failed');
    expect(blocked.result().problem).toBe(MESSAGES.voiceCall.microphoneBlocked);

    const refused = harness([{ text: 'Hi' }], async () => {
      throw new Error('Not enough credits');
    });
    await refused.call.start();
    await refused.finished;
    expect(refused.result().problem).toBe('Not enough credits');
    expect(refused.result().turns).toEqual([{ from: 'user', text: 'Hi' }]);
  });

  it('ending while the agent thinks says nothing more', async () => {
    let release: (answer: string) => void = () => undefined;
    const h = harness([{ text: 'Tell me a story' }], () => new Promise((resolve) => (release = resolve)));
    await h.call.start();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.states.at(-1)).toBe('thinking');
    h.call.end();
    release('Once upon a time');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(h.said).toEqual([]);
    expect(h.states.at(-1)).toBe('ended');
  });
});
