/**
 * What a key press in the reply box does (areas §2 "Ticket detail"): Enter sends, Shift+Enter adds a
 * new line (the browser's default), and Enter while an IME is composing does nothing special.
 */
export function replyKeyAction(e: { key: string; shiftKey: boolean; isComposing?: boolean }): 'send' | 'default' {
  return e.key === 'Enter' && !e.shiftKey && !e.isComposing ? 'send' : 'default';
}
