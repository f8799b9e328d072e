import { type ReactNode, useEffect, useId, useRef } from 'react';

interface BillingDialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** `alertdialog` for a result the member must acknowledge (receipts, failures). */
  role?: 'dialog' | 'alertdialog';
}

/**
 * A modal on the native `<dialog>`: the browser traps focus, Escape closes it, and focus returns to
 * where it was. Its title names it for screen readers.
 */
export function BillingDialog({ title, onClose, children, role = 'dialog' }: BillingDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => {
      dialog?.close();
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className="billing-dialog"
      role={role}
      aria-labelledby={titleId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <h2 className="billing-dialog__title" id={titleId}>
        {title}
      </h2>
      {children}
    </dialog>
  );
}
