import { Suspense, lazy, type ComponentType, type ReactNode } from 'react';
import { Paper, Skeleton, Stack, Text, ThemeIcon, IconAlertTriangle } from '@platform/ui';

/*
 * The editors (Canvas graph editor, theme editor, CSS editor, upload widgets, file drop, alert
 * banners) are built separately under ./editors and exported from ./editors/index.ts. They load
 * as their own chunk, only when a tab shows one. A component the module does not export (yet)
 * renders a clearly marked placeholder instead.
 */
type EditorName = 'CanvasEditor' | 'ThemeEditor' | 'CssEditor' | 'ImageUpload' | 'FileDropZone' | 'AlertBanner';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyProps = Record<string, any>;

function EditorPlaceholder({ name, children }: { name: EditorName; children?: ReactNode }) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={`editor-placeholder-${name}`} style={{ borderStyle: 'dashed' }}>
      <Stack gap={4} align="center" ta="center">
        <ThemeIcon variant="light" color="yellow">
          <IconAlertTriangle size={18} />
        </ThemeIcon>
        <Text fw={600} size="sm">
          PLACEHOLDER: {name}
        </Text>
        <Text size="xs" c="dimmed">
          This editor is not available in this build yet.
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}

/*
 * A webpack context instead of `import('./editors')`: the build (and the type check) must not
 * fail while ./editors does not exist yet; a missing module then simply yields placeholders.
 */
interface LazyContext {
  keys(): string[];
  (id: string): Promise<Record<string, unknown>>;
}
declare global {
  interface ImportMeta {
    webpackContext?: (dir: string, options: { recursive: boolean; regExp: RegExp; mode: 'lazy' }) => LazyContext;
  }
}
const editorsContext: LazyContext | undefined = import.meta.webpackContext?.('.', { recursive: true, regExp: /^\.\/editors\/index\.tsx?$/, mode: 'lazy' });

async function editorsModule(): Promise<Record<string, unknown>> {
  const key = editorsContext?.keys()[0];
  if (!editorsContext || !key) throw new Error('./editors/index.ts is not built in');
  return editorsContext(key);
}

function slot(name: EditorName): ComponentType<AnyProps> {
  const Lazy = lazy(async () => {
    try {
      const mod = await editorsModule();
      const component = mod[name] as ComponentType<AnyProps> | undefined;
      if (component) return { default: component };
    } catch (error) {
      console.warn(`editors: ${name} could not be loaded`, error);
    }
    return { default: (props: AnyProps) => <EditorPlaceholder name={name}>{props.placeholderHint}</EditorPlaceholder> };
  });
  const Slot = (props: AnyProps) => (
    <Suspense fallback={<Skeleton height={props.skeletonHeight ?? 120} radius="md" />}>
      <Lazy {...props} />
    </Suspense>
  );
  Slot.displayName = `EditorSlot(${name})`;
  return Slot;
}

export const CanvasEditor = slot('CanvasEditor');
export const ThemeEditor = slot('ThemeEditor');
export const CssEditor = slot('CssEditor');
export const ImageUpload = slot('ImageUpload');
export const FileDropZone = slot('FileDropZone');
export const AlertBanner = slot('AlertBanner');
