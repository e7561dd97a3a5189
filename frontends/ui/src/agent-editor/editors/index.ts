/*
 * The agent area's editors. Every component takes its agent field through value/onChange
 * (no agent fetching here). Heavy libraries load on first use: CodeMirror with the CSS
 * editor's code surface (in @platform/ui), React Flow with the Canvas.
 */
export { CanvasEditor, type CanvasEditorProps } from './CanvasEditor';
export { ThemeEditor, type ThemeEditorProps } from './ThemeEditor';
// The CSS editor is shared with the agency settings' Theme tab: it lives in css-editor/.
export { CssEditor, type CssEditorProps } from '../../css-editor/CssEditor';
export { CssAssistant, type CssAssistantProps } from '../../css-editor/CssAssistant';
export { ImageUpload, type ImageUploadProps } from './ImageUpload';
export { FileUpload, type FileUploadProps } from './FileUpload';
export { FileDropZone, type FileDropZoneProps } from './FileDropZone';
export { AlertBanner, ALERT_STYLES, type AlertBannerProps, type AlertType } from './AlertBanner';
export { useUploadSender, useSingleUpload, UploadRejected, type Uploader, type UploadTargetProps } from './useUpload';
export * from './logic/nodes-graph';
export type { ChatMessage } from '../../css-editor/css-assistant';
export * from './logic/uploads';
export * from './logic/theme';
export { EDITOR_MESSAGES, CSS_EDITOR_HEIGHT } from './logic/messages';
