import { RUNTIME_MESSAGES, creditsForAnswer, type AgentFlowNode } from '@platform/contracts';
import { limitRefusal } from '../src/domain/conversation';
import { findLeads } from '../src/domain/conversation-leads';
import { buildPrompt, greetingsOf, walkNodes } from '../src/domain/conversation-prompt';

const node = (id: string, type: AgentFlowNode['type'], data: Record<string, string>, next: string[] = []): AgentFlowNode => ({
  id,
  type,
  position: { x: 0, y: 0 },
  data: { label: id, ...data },
  next,
});

describe('the node walk', () => {
  it('follows start → default nodes → end along next, ignoring notes and unreachable nodes', () => {
    const nodes = [
      node('end', 'end', { message: 'Thanks, bye!' }),
      node('ask-budget', 'default', { prompt: 'Ask for the budget.' }, ['end']),
      node('note-1', 'note', { text: 'Remember to be nice' }),
      node('start', 'start', { message: 'Hi! Looking for a flat?' }, ['ask-area']),
      node('orphan', 'default', { prompt: 'Never reached.' }),
      node('ask-area', 'default', { prompt: 'Ask which area.' }, ['ask-budget']),
    ];
    expect(walkNodes(nodes)).toEqual({
      greeting: 'Hi! Looking for a flat?',
      steps: [
        { label: 'ask-area', prompt: 'Ask which area.' },
        { label: 'ask-budget', prompt: 'Ask for the budget.' },
      ],
      closing: 'Thanks, bye!',
    });
  });

  it('visits each node once in a cycle, and takes unlinked (older) nodes in array order', () => {
    const cyclic = [node('start', 'start', { message: 'Hi' }, ['a']), node('a', 'default', { prompt: 'A' }, ['b']), node('b', 'default', { prompt: 'B' }, ['a', 'start'])];
    expect(walkNodes(cyclic).steps.map((s) => s.prompt)).toEqual(['A', 'B']);
    const unlinked = [{ type: 'start', message: 'Hello' }, { type: 'note', text: 'x' }, { type: 'default', prompt: 'One' }, { type: 'default', prompt: 'Two' }, { type: 'end' }] as never;
    expect(walkNodes(unlinked)).toEqual({ greeting: 'Hello', steps: [{ label: undefined, prompt: 'One' }, { label: undefined, prompt: 'Two' }], closing: undefined });
  });
});

describe('the prompt', () => {
  const history = [
    { role: 'user' as const, content: 'earlier question', ts: 1 },
    { role: 'assistant' as const, content: 'earlier answer', ts: 2 },
  ];

  it('puts the system prompt and vg_prompt first, then the init messages, the history and the new message; passes temperature, model and max tokens', () => {
    const { messages, options } = buildPrompt(
      { vg_systemPrompt: 'You are Ava.', vg_prompt: 'Answer about opening hours.', vg_initMessages: ['Hello!', ' '], vg_temperature: 0.9, vg_defaultModel: 'gpt-4o', vg_maxTokens: 256 },
      history,
      'When do you open?',
    );
    expect(messages).toEqual([
      { role: 'system', content: 'You are Ava.\n\nAnswer about opening hours.' },
      { role: 'assistant', content: 'Hello!' },
      { role: 'user', content: 'earlier question' },
      { role: 'assistant', content: 'earlier answer' },
      { role: 'user', content: 'When do you open?' },
    ]);
    expect(options).toEqual({ temperature: 0.9, model: 'gpt-4o', maxTokens: 256 });
  });

  it('with enableNodes, the flow is in the system prompt and the start node greets instead of vg_initMessages', () => {
    const agent = {
      vg_systemPrompt: 'You are Ava.',
      vg_initMessages: ['ignored'],
      enableNodes: true,
      nodes: [node('start', 'start', { message: 'Hi there' }, ['q']), node('q', 'default', { prompt: 'Ask for their name.' }, ['end']), node('end', 'end', { message: 'Goodbye' }), node('n', 'note', { text: 'a note' })],
    };
    const { messages, options } = buildPrompt(agent, [], 'hey');
    expect(messages[0]).toEqual({
      role: 'system',
      content: 'You are Ava.\n\nLead the conversation through these steps, in order:\n1. q: Ask for their name.\nWhen the steps are done, close with: Goodbye',
    });
    expect(messages.slice(1)).toEqual([
      { role: 'assistant', content: 'Hi there' },
      { role: 'user', content: 'hey' },
    ]);
    expect(JSON.stringify(messages)).not.toContain('a note');
    expect(options).toEqual({});
    expect(greetingsOf(agent)).toEqual(['Hi there']);
    expect(greetingsOf({ ...agent, enableNodes: false })).toEqual(['ignored']);
    // a graph without a start message leaves the init messages
    expect(greetingsOf({ ...agent, nodes: [] })).toEqual(['ignored']);
  });

  it('sends only the recent history', () => {
    const long = Array.from({ length: 100 }, (_, i) => ({ role: 'user' as const, content: `m${i}`, ts: i }));
    const { messages } = buildPrompt({}, long, 'new');
    expect(messages).toHaveLength(31);
    expect(messages[0]!.content).toBe('m70');
  });
});

describe('lead capture', () => {
  it('finds e-mails and phone numbers, normalised, once each', () => {
    expect(findLeads('Mail me at Jane.Doe@Example.com or jane.doe@example.com, call +44 20 7946 0958 or (555) 123-4567')).toEqual({
      emails: ['jane.doe@example.com'],
      phones: ['+442079460958', '5551234567'],
    });
  });

  it('ignores short numbers and text without contact details', () => {
    expect(findLeads('I have 3 kids and 12 cats, order 4521')).toEqual({ emails: [], phones: [] });
    expect(findLeads('hello there')).toEqual({ emails: [], phones: [] });
  });
});

describe('limits and credits', () => {
  const fine = { userMessages: 0, agentTokens: 0, hasCredits: true };
  it('refuses without credits first, then at messagesLimit and maxTokensUsage; 0 means unlimited', () => {
    expect(limitRefusal({}, fine)).toBeUndefined();
    expect(limitRefusal({ messagesLimit: 5 }, { ...fine, hasCredits: false })).toBe(RUNTIME_MESSAGES.noCredits);
    expect(limitRefusal({ messagesLimit: 2 }, { ...fine, userMessages: 1 })).toBeUndefined();
    expect(limitRefusal({ messagesLimit: 2 }, { ...fine, userMessages: 2 })).toBe(RUNTIME_MESSAGES.messagesLimitReached);
    expect(limitRefusal({ messagesLimit: 0, maxTokensUsage: 0 }, { ...fine, userMessages: 1_000, agentTokens: 1e9 })).toBeUndefined();
    expect(limitRefusal({ maxTokensUsage: 100 }, { ...fine, agentTokens: 100 })).toBe(RUNTIME_MESSAGES.tokensLimitReached);
  });

  it('charges one credit per started thousand tokens, at least one', () => {
    expect(creditsForAnswer(10, 5)).toBe(1);
    expect(creditsForAnswer(900, 100)).toBe(1);
    expect(creditsForAnswer(900, 101)).toBe(2);
  });
});
