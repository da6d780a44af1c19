import { useEffect, useRef, type ReactNode } from 'react';

type ModalProps = {
  open: boolean;
  onClose: () => void;
  /** Accessible name of the dialog. */
  label: string;
  children: ReactNode;
  className?: string;
  /** The login modal closes when the backdrop is clicked; a payment checkout should not. */
  closeOnBackdrop?: boolean;
  testId?: string;
};

/**
 * A native <dialog> opened with showModal(): focus is trapped, Escape closes, the page behind is inert.
 * A click whose target is the dialog element itself is a click on the backdrop (the content fills the box).
 */
export function Modal({ open, onClose, label, children, className, closeOnBackdrop = true, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-label={label}
      data-testid={testId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClick={(event) => {
        if (closeOnBackdrop && event.target === event.currentTarget) onClose();
      }}
    >
      {open ? <div className="modal__body">{children}</div> : null}
    </dialog>
  );
}
