import { asksForHuman } from '../src/domain/human-request';

describe('a message asking for a person', () => {
  it.each(['Can I talk to a human?', 'I want to speak with someone please', 'connect me to a real person', 'Transfer me to an agent', 'human please', 'I need customer service'])('"%s" asks for one', (text) => {
    expect(asksForHuman(text)).toBe(true);
  });

  it.each(['What are your opening hours?', 'Is this a human-readable format?', 'The person I bought it for loves it', 'Thanks, that helps'])('"%s" does not', (text) => {
    expect(asksForHuman(text)).toBe(false);
  });
});
