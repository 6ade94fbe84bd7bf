// Globals the wizard's component specs need before any module loads (jest `setupFiles`): jsdom leaves
// out what react-router reads at load time (Node has both), and matchMedia, which the toaster asks for
// reduced motion, and scrollTo (jsdom logs "not implemented"; the wizard scrolls up on a new step). Harmless in the package's node-environment specs.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addEventListener() {}, removeEventListener() {}, addListener() {}, removeListener() {}, dispatchEvent: () => false }) as MediaQueryList;
}

if (typeof window !== 'undefined') window.scrollTo = () => undefined;
