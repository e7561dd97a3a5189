import { MESSAGES } from '@platform/contracts';

/** The CSS editor's texts from the spec (section 8), word for word. */
export const CSS_EDITOR_MESSAGES = {
  ...MESSAGES.cssAssistant,
  /** 'Failed to load code editor extensions' */
  extensionsFailed: 'Failed to load code editor extensions',
} as const;

/** CSS editor height (spec: "Editor height 500 px"). */
export const CSS_EDITOR_HEIGHT = 500;
