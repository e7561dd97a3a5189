import { agentSettingsSchema, type AgentSettings } from '@platform/contracts';

/** Joi's default texts start with the quoted key; the form shows the label itself, so the key goes. */
export function friendlyMessage(message: string): string {
  const stripped = message.replace(/^"[^"]*"\s*/, '');
  return stripped === message ? message : stripped.charAt(0).toUpperCase() + stripped.slice(1);
}

/** Every validation error of the agent settings, keyed by dotted field path (spec texts where the contracts carry them). */
export function agentFieldErrors(agent: AgentSettings): Record<string, string> {
  const { error } = agentSettingsSchema.validate(agent, { abortEarly: false });
  const errors: Record<string, string> = {};
  for (const detail of error?.details ?? []) {
    const path = detail.path.join('.');
    if (!(path in errors)) errors[path] = friendlyMessage(detail.message);
  }
  return errors;
}

/** The first error that blocks publishing, if any. */
export function firstAgentError(agent: AgentSettings): string | undefined {
  const errors = agentFieldErrors(agent);
  const first = Object.keys(errors)[0];
  return first === undefined ? undefined : errors[first];
}
