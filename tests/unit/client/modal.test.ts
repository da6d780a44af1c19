// @vitest-environment happy-dom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { createElement } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Modal } from '../../../client/src/components/ui/modal';

afterEach(cleanup);

function renderModal() {
  const onClose = vi.fn();
  const children = createElement('input', { 'aria-label': 'Email' });
  render(createElement(Modal, { open: true, onClose, label: 'Login', testId: 'modal', children }));
  return { onClose, backdrop: screen.getByTestId('modal'), input: screen.getByLabelText('Email') };
}

describe('the modal’s backdrop', () => {
  it('closes the modal when pressed and released on it', () => {
    const { onClose, backdrop } = renderModal();
    fireEvent.pointerDown(backdrop);
    fireEvent.click(backdrop);
    expect(onClose).toHaveBeenCalledTimes(1);
  });

  // Selecting text in a field and letting go past the dialog's edge: the browser's click lands on the dialog itself.
  it('keeps the modal open when a press that started inside it ends on the backdrop', () => {
    const { onClose, backdrop, input } = renderModal();
    fireEvent.pointerDown(input);
    fireEvent.click(backdrop);
    expect(onClose).not.toHaveBeenCalled();
  });
});
