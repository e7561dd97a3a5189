import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ShellApp } from './ShellApp';

/** Plain markup: whatever failed may have been the UI kit itself. */
function ShellCrash() {
  return (
    <div role="alert" style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 420, margin: '20vh auto', textAlign: 'center' }}>
      <h1 style={{ fontSize: 20 }}>Something went wrong</h1>
      <p style={{ color: '#666' }}>The page hit an unexpected error. Your saved work is safe.</p>
      <button type="button" onClick={() => window.location.reload()} style={{ padding: '8px 16px', cursor: 'pointer' }}>
        Reload the page
      </button>
    </div>
  );
}

export const shellLifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: ShellApp,
  domElementGetter: () => document.getElementById('shell-root') as HTMLElement,
  // Without it a render error unmounts the whole single-spa application and leaves a blank page.
  errorBoundary: () => <ShellCrash />,
});
