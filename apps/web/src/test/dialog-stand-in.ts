/**
 * jsdom has no modal `<dialog>`: this stands in for the browser's showModal and close, and for Escape,
 * which fires a cancelable `cancel` event and closes the dialog unless the page prevents it. Returns the
 * function that removes it.
 */
export function installDialogStandIn(): () => void {
  const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function close(this: HTMLDialogElement) {
    if (!this.hasAttribute('open')) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape') return;
    const dialog = event.target instanceof Element ? event.target.closest('dialog[open]') : null;
    if (!(dialog instanceof HTMLDialogElement)) return;
    if (dialog.dispatchEvent(new Event('cancel', { cancelable: true }))) dialog.close();
  };
  // Captured, so that a page that stops the key's propagation still gets the browser's behaviour.
  document.addEventListener('keydown', onKeyDown, true);
  return () => {
    document.removeEventListener('keydown', onKeyDown, true);
    delete proto.showModal;
    delete proto.close;
  };
}
