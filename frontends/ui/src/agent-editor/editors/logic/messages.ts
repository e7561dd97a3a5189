import { MESSAGES } from '@platform/contracts';
import { CSS_EDITOR_MESSAGES } from '../../../css-editor/messages';

/** The editors' texts from the spec (section 8), word for word (the CSS editor's live with it in @platform/ui). */
export const EDITOR_MESSAGES = {
  ...CSS_EDITOR_MESSAGES,
  uploadTooLarge: MESSAGES.channels.uploadTooLarge,
  uploadWrongType: MESSAGES.channels.uploadWrongType,
} as const;

export { CSS_EDITOR_HEIGHT } from '../../../css-editor/messages';
