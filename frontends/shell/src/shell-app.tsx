import React from 'react';
import ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import { ShellApp } from './ShellApp';

export const shellLifecycles = singleSpaReact({
  React,
  ReactDOMClient,
  rootComponent: ShellApp,
  domElementGetter: () => document.getElementById('shell-root') as HTMLElement,
});
