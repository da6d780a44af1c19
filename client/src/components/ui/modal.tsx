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
 * A press on the dialog element itself is a press on the backdrop (the content fills the box). The backdrop closes
 * the modal only when the press both starts and ends there: a text selection dragged from an input out onto the
 * backdrop also ends in a click on the dialog, and must not throw away what was being typed.
 */
export function Modal({ open, onClose, label, children, className, closeOnBackdrop = true, testId }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressStartedOnBackdrop = useRef(false);

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
      onPointerDown={(event) => {
        pressStartedOnBackdrop.current = event.target === event.currentTarget;
      }}
      onClick={(event) => {
        const onBackdrop = pressStartedOnBackdrop.current && event.target === event.currentTarget;
        pressStartedOnBackdrop.current = false;
        if (closeOnBackdrop && onBackdrop) onClose();
      }}
    >
      {open ? <div className="modal__body">{children}</div> : null}
    </dialog>
  );
}
