// Async boundary: the federation runtime negotiates the shared singletons before any of them runs
// (CONVENTIONS 10: an async bootstrap instead of `eager`).
import('./bootstrap');
