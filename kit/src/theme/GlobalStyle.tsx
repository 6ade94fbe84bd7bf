import { createGlobalStyle } from 'styled-components';
import { theme } from './theme';
import { visuallyHidden } from '../ui/layout';

/** Base document styles; rendered once by the shell. */
export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after { box-sizing: border-box; }
  html, body { margin: 0; padding: 0; }
  body {
    font-family: ${theme.font.family};
    font-size: ${theme.font.size.md};
    line-height: 1.5;
    color: ${theme.colors.text};
    background: ${theme.colors.background};
    -webkit-font-smoothing: antialiased;
  }
  h1, h2, h3, h4 { margin: 0; line-height: 1.25; }
  a { color: ${theme.colors.accent}; }
  button, input, select, textarea { font: inherit; color: inherit; }
  :focus-visible { outline: 2px solid ${theme.colors.focus}; outline-offset: 2px; }
  .visually-hidden { ${visuallyHidden} }
  @media (prefers-reduced-motion: reduce) {
    *, *::before, *::after { animation-duration: 0.01ms !important; transition-duration: 0.01ms !important; }
  }
`;
