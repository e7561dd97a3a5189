/*
 * The agent area's editors. Every component takes its agent field through value/onChange
 * (no agent fetching here). Heavy libraries load on first use: CodeMirror with the CSS
 * editor's code surface (in @platform/ui), React Flow with the Canvas.
 */
export { CanvasEditor, type CanvasEditorProps } from './CanvasEditor';
export { ThemeEditor, type ThemeEditorProps } from './ThemeEditor';
// The CSS editor is shared with the agency settings' Theme tab: it lives in @platform/ui.
export { CssEditor, type CssEditorProps, CssAssistant, type CssAssistantProps } from '@platform/ui';
export { ImageUpload, type ImageUploadProps } from './ImageUpload';
export { FileUpload, type FileUploadProps } from './FileUpload';
export { FileDropZone, type FileDropZoneProps } from './FileDropZone';
export { AlertBanner, ALERT_STYLES, type AlertBannerProps, type AlertType } from './AlertBanner';
export { useUploadSender, useSingleUpload, UploadRejected, type Uploader, type UploadTargetProps } from './useUpload';
export * from './logic/nodes-graph';
export type { CssChatMessage as ChatMessage } from '@platform/ui';
export * from './logic/uploads';
export * from './logic/theme';
export { EDITOR_MESSAGES, CSS_EDITOR_HEIGHT } from './logic/messages';
