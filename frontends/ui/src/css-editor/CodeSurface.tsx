import { useEffect, useState } from 'react';
import CodeMirror from '@uiw/react-codemirror';
import type { Extension } from '@codemirror/state';
import { notify } from '../notices/notify';
import { CSS_EDITOR_MESSAGES } from './messages';

/*
 * The CodeMirror 6 surface of the CSS editor. This module (and CodeMirror with it) is a
 * chunk of its own, loaded only when a CSS editor renders; the CSS language loads next to it.
 */

export interface CodeSurfaceProps {
  value: string;
  onChange: (value: string) => void;
  height: number;
  dark?: boolean;
  readOnly?: boolean;
  placeholder?: string;
}

let cssLanguage: Promise<Extension> | undefined;
const loadCssLanguage = () => (cssLanguage ??= import('@codemirror/lang-css').then((mod) => mod.css()));

export default function CodeSurface({ value, onChange, height, dark, readOnly, placeholder }: CodeSurfaceProps) {
  const [extensions, setExtensions] = useState<Extension[]>([]);
  useEffect(() => {
    let live = true;
    loadCssLanguage().then(
      (language) => live && setExtensions([language]),
      (error: unknown) => {
        cssLanguage = undefined;
        console.warn('css editor: language failed to load', error);
        if (live) notify.error(CSS_EDITOR_MESSAGES.extensionsFailed);
      },
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <CodeMirror
      value={value}
      onChange={onChange}
      height={`${height}px`}
      theme={dark ? 'dark' : 'light'}
      extensions={extensions}
      readOnly={readOnly}
      placeholder={placeholder}
      basicSetup={{ foldGutter: true, highlightActiveLine: true, autocompletion: true }}
      aria-label="Custom CSS"
      data-testid="css-code-editor"
      data-language={extensions.length ? 'css' : 'plain'}
    />
  );
}
