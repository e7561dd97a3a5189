import { Suspense, lazy, type ComponentType } from 'react';
import { Skeleton } from '../mantine';
import type * as Editors from './editors';

/*
 * The editors (canvas, theme, CSS, uploads) load as their own chunk, only when a tab shows one:
 * each slot is the editor itself, typed by it, behind a skeleton of the height it will take.
 */
type EditorName = 'CanvasEditor' | 'ThemeEditor' | 'CssEditor' | 'ImageUpload' | 'FileDropZone';

const loadEditors = () => import(/* webpackChunkName: "agent-editors" */ './editors');

function slot<Props extends object>(name: EditorName): ComponentType<Props & { skeletonHeight?: number }> {
  // Typed loosely inside, strictly outside: the slot's own signature carries the editor's props.
  const Lazy: ComponentType<object> = lazy(async () => ({ default: (await loadEditors())[name] as ComponentType<object> }));
  const Slot = ({ skeletonHeight = 120, ...props }: Props & { skeletonHeight?: number }) => (
    <Suspense fallback={<Skeleton height={skeletonHeight} radius="md" />}>
      <Lazy {...props} />
    </Suspense>
  );
  Slot.displayName = `EditorSlot(${name})`;
  return Slot;
}

export const CanvasEditor = slot<Editors.CanvasEditorProps>('CanvasEditor');
export const ThemeEditor = slot<Editors.ThemeEditorProps>('ThemeEditor');
export const CssEditor = slot<Editors.CssEditorProps>('CssEditor');
export const ImageUpload = slot<Editors.ImageUploadProps>('ImageUpload');
export const FileDropZone = slot<Editors.FileDropZoneProps>('FileDropZone');
