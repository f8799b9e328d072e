import { useCallback, useEffect, useId, useRef, useState, type FocusEvent } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), select:not([disabled]), input:not([disabled]), [tabindex="0"]';

/**
 * A button that shows and hides a panel (the disclosure pattern): aria-expanded and aria-controls on
 * the button, focus moves into the panel when it opens, Escape closes it and returns focus to the
 * button, and a click or focus outside closes it.
 */
export function useDisclosure<
  TButton extends HTMLElement = HTMLButtonElement,
  TPanel extends HTMLElement = HTMLElement,
>() {
  const [isOpen, setIsOpen] = useState(false);
  const panelId = useId();
  const buttonRef = useRef<TButton>(null);
  const panelRef = useRef<TPanel>(null);

  const close = useCallback((returnFocus = false) => {
    setIsOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);
  const toggle = useCallback(() => {
    setIsOpen((open) => !open);
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    panelRef.current?.querySelector<HTMLElement>(FOCUSABLE)?.focus();
    const handleKeyDown = (event: KeyboardEvent): void => {
      if (event.key !== 'Escape') return;
      event.preventDefault();
      close(true);
    };
    const handlePointerDown = (event: PointerEvent): void => {
      const target = event.target instanceof Node ? event.target : null;
      if (panelRef.current?.contains(target) || buttonRef.current?.contains(target)) return;
      close();
    };
    document.addEventListener('keydown', handleKeyDown);
    document.addEventListener('pointerdown', handlePointerDown);
    return () => {
      document.removeEventListener('keydown', handleKeyDown);
      document.removeEventListener('pointerdown', handlePointerDown);
    };
  }, [isOpen, close]);

  /** For the element wrapping both button and panel: tabbing away closes the panel. */
  const handleBlur = useCallback(
    (event: FocusEvent<HTMLElement>) => {
      const next = event.relatedTarget;
      // relatedTarget is null when a click lands on nothing focusable; the pointer handler decides then.
      if (isOpen && next instanceof Node && !event.currentTarget.contains(next)) close();
    },
    [isOpen, close],
  );

  return {
    isOpen,
    close,
    handleBlur,
    buttonProps: { ref: buttonRef, 'aria-expanded': isOpen, 'aria-controls': panelId, onClick: toggle },
    panelProps: { ref: panelRef, id: panelId },
  };
}
