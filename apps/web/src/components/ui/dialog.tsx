import { type ReactNode, type RefObject, useEffect, useId, useLayoutEffect, useRef } from 'react';
import { Icon } from './icons';
import './dialog.css';

export interface DialogProps {
  title: string;
  /** Called once the dialog has closed (Escape, the close button, the backdrop, a `method="dialog"` form). */
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for a result the member must acknowledge (receipts, failures). */
  role?: 'dialog' | 'alertdialog';
  /** A line under the title, read with it as the dialog's description. */
  description?: string;
  /** The accessible name of a close button in the corner; without it the content offers the way out. */
  closeLabel?: string;
  /**
   * Focus starts on the title rather than the first control, so that screen readers read what the dialog
   * is for; for dialogs whose controls arrive later. The caller may pass its own ref to the title.
   */
  focusTitle?: boolean;
  titleRef?: RefObject<HTMLHeadingElement | null>;
  /** For a caller that closes the dialog itself (then `onClose` runs as for any other way out). */
  dialogRef?: RefObject<HTMLDialogElement | null>;
  /** Whether a click on the backdrop closes it: for choices, not for forms a stray click would lose. */
  closeOnBackdrop?: boolean;
  className?: string;
}

/**
 * The one modal of the app, on the native `<dialog>`: the browser keeps focus inside and the page behind
 * inert, Escape closes it (and only it: the key stops here, so the player's full view around it stays
 * open), and focus returns where it was. Its title names it and its description describes it. Every way
 * of closing goes through the native `close`, so `onClose` runs once, after the dialog is gone, when
 * focus can go back to the page.
 */
export function Dialog({
  title,
  onClose,
  children,
  role = 'dialog',
  description,
  closeLabel,
  focusTitle = false,
  titleRef,
  dialogRef: callerDialogRef,
  closeOnBackdrop = false,
  className,
}: DialogProps) {
  const ownDialogRef = useRef<HTMLDialogElement>(null);
  const dialogRef = callerDialogRef ?? ownDialogRef;
  const ownTitleRef = useRef<HTMLHeadingElement>(null);
  const headingRef = titleRef ?? ownTitleRef;
  const titleId = useId();
  const descriptionId = useId();
  // After unmounting, the close that the clean-up causes is not the member's: onClose must not run.
  const mounted = useRef(false);
  const latestOnClose = useRef(onClose);
  useEffect(() => {
    latestOnClose.current = onClose;
  }, [onClose]);

  useLayoutEffect(() => {
    const dialog = dialogRef.current;
    mounted.current = true;
    if (dialog && !dialog.open) dialog.showModal();
    if (focusTitle) headingRef.current?.focus();
    return () => {
      mounted.current = false;
      dialog?.close();
    };
    // Opened once per mount; the title's ref and the focus choice are fixed for its life.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const close = () => {
    dialogRef.current?.close();
  };

  return (
    <dialog
      ref={dialogRef}
      className={className ? `dialog ${className}` : 'dialog'}
      role={role}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onClose={() => {
        if (mounted.current) latestOnClose.current();
      }}
      onKeyDown={(event) => {
        if (event.key === 'Escape') event.stopPropagation();
      }}
      onClick={(event) => {
        // A click on the backdrop lands on the dialog itself (its content fills it).
        if (closeOnBackdrop && event.target === event.currentTarget) close();
      }}
    >
      <div className="dialog__content">
        <div className="dialog__head">
          <div className="dialog__titles">
            <h2
              className="dialog__title"
              id={titleId}
              ref={headingRef}
              tabIndex={focusTitle ? -1 : undefined}
            >
              {title}
            </h2>
            {description ? (
              <p className="dialog__description" id={descriptionId}>
                {description}
              </p>
            ) : null}
          </div>
          {closeLabel ? (
            <button
              type="button"
              className="icon-button dialog__close"
              aria-label={closeLabel}
              onClick={close}
            >
              <Icon name="close" />
            </button>
          ) : null}
        </div>
        {children}
      </div>
    </dialog>
  );
}
