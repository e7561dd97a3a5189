/**
 * Whether a visitor's message asks for a person rather than the agent: "talk to a human",
 * "speak with someone", "a real person", "an operator", "customer service"...
 * Deliberately narrow (a request, not any mention), so an organisation is not paged for chit-chat.
 */
const ASKS_FOR_HUMAN = [
  /\b(talk|speak|chat|connect|transfer|put)\b[^.?!]{0,30}\b(human|person|someone|somebody|agent|representative|operator|staff|manager|support team)\b/i,
  /\b(real|live|actual)\s+(human|person|agent|operator)\b/i,
  /\bhuman\s+(please|agent|support)\b/i,
  /\b(customer service|customer support)\b/i,
];

export function asksForHuman(text: string): boolean {
  return ASKS_FOR_HUMAN.some((pattern) => pattern.test(text));
}
