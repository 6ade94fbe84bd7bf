/** The question asked before leaving a screen with unsaved edits (docs/decisions/017 "No silent loss"). Ours to word. */
export const UNSAVED_TEXT = {
  title: 'Leave without saving?',
  message: 'You have changes that are not saved. If you leave now, they are lost.',
  leave: 'Leave',
  stay: 'Stay',
} as const;
