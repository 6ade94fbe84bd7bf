import type { ComponentType } from 'react';

let loaded: ComponentType | undefined;

/**
 * The layout of protected routes as its own chunk (docs/decisions/010): /login and /signup never
 * download it. It is the frame only (the drawer, top bar and bell load later, load-chrome.ts). The
 * entry starts this import at once when a session is stored, so logged-in pages do not wait for it
 * after React's first render.
 */
export const loadLayout = () =>
  import(/* webpackChunkName: "layout" */ './Layout').then((module) => {
    loaded = module.Layout;
    return module;
  });

/** The layout component once its chunk has loaded (rendered directly, without a Suspense fallback), else undefined. */
export const loadedLayout = (): ComponentType | undefined => loaded;
