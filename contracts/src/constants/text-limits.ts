/**
 * Upper bounds on free text and lists. The spec gives few lengths; these caps exist so an
 * overlong input is a 400 from validation rather than a stored blob or a 500 further on.
 * Where the spec does give a limit (e.g. 1024 for the disabled-access message) the schema uses it.
 */
export const TEXT_LIMITS = {
  /** ids, uids, keys of other systems */
  id: 128,
  /** names of agents, workspaces, agencies, clients, organisations, plans, tabs */
  name: 100,
  email: 254,
  url: 2048,
  /** labels, subjects, short reasons, single-line settings */
  shortText: 500,
  /** descriptions, markdown branding text, chat messages, notification bodies */
  longText: 10_000,
  /** LLM prompts and system prompts */
  prompt: 100_000,
  /** HTML, JS and CSS written by users (custom tabs, custom CSS, e-mail bodies) */
  markup: 500_000,
  /** access tokens, API keys, secrets of third parties */
  token: 4_096,
  /** PEM private keys */
  privateKey: 10_000,
  /** extracted text of one knowledge source */
  knowledgeContent: 5_000_000,
  /** JSON documents kept as strings (theme JSON, DNS records JSON, custom buttons) */
  jsonString: 100_000,
  /** generic list length */
  list: 1_000,
} as const;
