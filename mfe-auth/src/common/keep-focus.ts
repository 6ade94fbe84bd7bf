import type { MouseEvent } from 'react';

/**
 * `onMouseDown` of a submit button: keeps focus in the field being edited until the click is over.
 * Otherwise pressing the button blurs the field, its error line appears above the button, the button
 * moves down before the mouse is released and the click is lost.
 */
export function keepFocusOnPress(event: MouseEvent<HTMLButtonElement>): void {
  event.preventDefault();
}
