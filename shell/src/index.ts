import { preloadCurrentRoute } from './federation/preload-route';

// The current route's remote starts loading now, alongside the shell's shared libraries (docs/decisions/010).
preloadCurrentRoute();
// Async boundary: the federation runtime negotiates the shared singletons before any of them runs
// (CONVENTIONS 10: an async bootstrap instead of `eager`).
import('./bootstrap');
