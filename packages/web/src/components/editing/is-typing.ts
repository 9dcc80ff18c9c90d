/**
 * Whether a key press belongs to a field, where an editor's keyboard shortcuts do not apply
 * (spec 3): inputs, text areas, selects and editable content; with `orOverlay`, also anything in
 * a dialog or menu opened over the editor.
 */
export function isTyping(target: EventTarget | null, orOverlay = false): boolean {
  if (!(target instanceof HTMLElement)) return false;
  return (
    target.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName) ||
    (orOverlay && target.closest('[role="dialog"], [role="menu"]') !== null)
  );
}
