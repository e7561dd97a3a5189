import { MESSAGES } from '@platform/contracts';

const messages = MESSAGES.voiceCall;

export type VoiceCallState = 'idle' | 'listening' | 'thinking' | 'speaking' | 'ended' | 'failed';
export interface VoiceTurn {
  from: 'user' | 'agent';
  text: string;
}

/** The part of the Web Speech API's SpeechRecognition a call uses. */
export interface Recognizer {
  lang: string;
  interimResults: boolean;
  continuous: boolean;
  onresult: ((event: { results: ArrayLike<ArrayLike<{ transcript: string }>> }) => void) | null;
  onerror: ((event: { error: string }) => void) | null;
  onend: (() => void) | null;
  start(): void;
  abort(): void;
}

/** Says a text aloud; resolves when it was said (or could not be). */
export interface Speaker {
  speak(text: string, lang: string): Promise<void>;
  cancel(): void;
}

export interface VoiceCallDeps {
  recognizer: () => Recognizer;
  speaker: Speaker;
  /** The agent's answer to what the person said (the runtime, as the test chat asks it). */
  ask: (text: string) => Promise<string>;
  lang: string;
  onChange: (state: VoiceCallState, turns: readonly VoiceTurn[], problem?: string) => void;
}

/** Recognition errors that only mean "nothing was heard this time": the call listens again. */
const SILENCE = new Set(['no-speech', 'aborted']);

function problemOf(error: string): string {
  if (error === 'not-allowed' || error === 'service-not-allowed' || error === 'audio-capture') return messages.microphoneBlocked;
  if (error === 'network') return messages.recognitionUnreachable;
  return messages.recognitionStopped(error);
}

/**
 * A spoken conversation with the agent: say the greeting, then listen → ask the agent → say the
 * answer → listen, until ended or the browser's recognition fails for a reason other than silence.
 */
export class VoiceCall {
  private state: VoiceCallState = 'idle';
  private readonly turns: VoiceTurn[] = [];
  private recognizer: Recognizer | undefined;

  constructor(private readonly deps: VoiceCallDeps) {}

  async start(greeting?: string): Promise<void> {
    if (greeting) await this.say(greeting);
    if (this.live()) this.listen();
  }

  end(): void {
    if (!this.live()) return;
    this.state = 'ended';
    this.recognizer?.abort();
    this.deps.speaker.cancel();
    this.changed();
  }

  private live() {
    return this.state !== 'ended' && this.state !== 'failed';
  }

  private listen(): void {
    const recognizer = this.deps.recognizer();
    recognizer.lang = this.deps.lang;
    recognizer.interimResults = false;
    recognizer.continuous = false;
    let heard = '';
    recognizer.onresult = (event) => {
      heard = Array.from(event.results, (result) => result[0]?.transcript ?? '').join(' ').trim();
    };
    recognizer.onerror = (event) => {
      if (!SILENCE.has(event.error)) this.fail(problemOf(event.error));
    };
    recognizer.onend = () => {
      if (!this.live() || this.recognizer !== recognizer) return;
      if (heard) void this.answer(heard);
      else this.listen();
    };
    this.recognizer = recognizer;
    this.set('listening');
    recognizer.start();
  }

  private async answer(text: string): Promise<void> {
    this.turns.push({ from: 'user', text });
    this.set('thinking');
    let reply: string;
    try {
      reply = await this.deps.ask(text);
    } catch (error) {
      return this.fail(error instanceof Error && error.message ? error.message : messages.noAnswer);
    }
    if (!this.live()) return;
    await this.say(reply);
    if (this.live()) this.listen();
  }

  private async say(text: string): Promise<void> {
    this.turns.push({ from: 'agent', text });
    this.set('speaking');
    await this.deps.speaker.speak(text, this.deps.lang);
  }

  private fail(problem: string): void {
    if (!this.live()) return;
    this.state = 'failed';
    this.recognizer?.abort();
    this.deps.speaker.cancel();
    this.changed(problem);
  }

  private set(state: VoiceCallState): void {
    if (!this.live()) return;
    this.state = state;
    this.changed();
  }

  private changed(problem?: string): void {
    this.deps.onChange(this.state, [...this.turns], problem);
  }
}

type RecognizerClass = new () => Recognizer;

/** The browser's SpeechRecognition (prefixed in Chrome and Safari), when it has one. */
export function browserRecognizer(): RecognizerClass | undefined {
  const scope = globalThis as unknown as { SpeechRecognition?: RecognizerClass; webkitSpeechRecognition?: RecognizerClass };
  return scope.SpeechRecognition ?? scope.webkitSpeechRecognition;
}

/** The browser's speech synthesis as a Speaker, when it has one. */
export function browserSpeaker(): Speaker | undefined {
  if (typeof speechSynthesis === 'undefined' || typeof SpeechSynthesisUtterance === 'undefined') return undefined;
  return {
    speak: (text, lang) =>
      new Promise((resolve) => {
        const utterance = new SpeechSynthesisUtterance(text);
        utterance.lang = lang;
        utterance.onend = () => resolve();
        // A voice that cannot be played must not stop the conversation.
        utterance.onerror = () => resolve();
        speechSynthesis.speak(utterance);
      }),
    cancel: () => speechSynthesis.cancel(),
  };
}
