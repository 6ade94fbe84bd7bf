import { SHELL } from '@portal/contracts';

/**
 * The portal's one theme: a dark drawer, white cards and a single accent colour.
 * Kit components read it directly (they work without a ThemeProvider); the shell also
 * provides it through styled-components' ThemeProvider so remotes can use `props.theme`.
 */
export const theme = {
  colors: {
    accent: '#5b4bdb',
    accentHover: '#4a3bc4',
    accentSoft: '#eeebfd',
    text: '#1d2130',
    // 5.2:1 on accentSoft (a ticket's own messages), 5.6:1 on the page background (WCAG AA; docs/decisions/010).
    textMuted: '#596275',
    border: '#e4e7ec',
    background: '#f4f5f9',
    surface: '#ffffff',
    surfaceMuted: '#f9fafb',
    drawer: '#151827',
    drawerHover: '#222639',
    drawerActive: '#2b2f49',
    drawerText: '#c7cad8',
    drawerMuted: '#8a8fa8',
    // Dark enough for text on white and on dangerSoft (6.6:1 and 6:1, WCAG AA; docs/decisions/010).
    danger: '#b42318',
    dangerSoft: '#fef3f2',
    success: '#12a150',
    successSoft: '#ecfdf3',
    /** Green for text: 5.7:1 on white, 5.4:1 on successSoft (WCAG AA); `success` is for icons and fills. */
    successText: '#067647',
    // Dark enough for text on warningSoft (5.2:1, WCAG AA; docs/decisions/010).
    warning: '#b54708',
    warningSoft: '#fffaeb',
    neutral: '#98a2b3',
    focus: '#8677f0',
  },
  radii: { sm: '6px', md: '10px', lg: '14px', pill: '999px' },
  shadows: {
    card: '0 1px 2px rgba(16, 24, 40, 0.05), 0 1px 3px rgba(16, 24, 40, 0.08)',
    popover: '0 12px 32px rgba(16, 24, 40, 0.16), 0 2px 6px rgba(16, 24, 40, 0.08)',
    dialog: '0 24px 48px rgba(16, 24, 40, 0.22)',
  },
  font: {
    family: "Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
    size: { sm: '13px', md: '14px', lg: '16px', xl: '20px', xxl: '24px' },
  },
  layout: { drawerWidthPx: SHELL.drawerWidthPx, collapseUnderPx: SHELL.collapseUnderPx, topBarHeightPx: 64 },
  zIndex: { drawer: 100, overlay: 150, popover: 300, dialog: 1000, toast: 1100 },
} as const;

export type PortalTheme = typeof theme;

declare module 'styled-components' {
  // Module augmentation needs an interface: it types `props.theme` everywhere.
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type -- module augmentation needs an interface
  export interface DefaultTheme extends PortalTheme {}
}
