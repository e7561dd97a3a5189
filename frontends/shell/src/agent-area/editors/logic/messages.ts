import { MESSAGES } from '@platform/contracts';

/** The editors' texts from the spec (section 8), word for word. */
export const EDITOR_MESSAGES = {
  ...MESSAGES.cssAssistant,
  /** 'Failed to load code editor extensions' */
  extensionsFailed: 'Failed to load code editor extensions',
  uploadTooLarge: MESSAGES.channels.uploadTooLarge,
  uploadWrongType: MESSAGES.channels.uploadWrongType,
} as const;

/** CSS editor height (spec: "Editor height 500 px"). */
export const CSS_EDITOR_HEIGHT = 500;
