// @vitest-environment happy-dom
import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { SellerLoginBody } from '../../../core/contracts/http/accounts';
import { ProductData } from '../../../core/contracts/http/products';
import { useToasts } from '../../../client/src/components/ui/toast/toast-store';
import { useZodForm } from '../../../client/src/hooks/use-zod-form';

const submitEvent = () => ({ preventDefault: () => {} }) as FormEvent<HTMLFormElement>;
const type = (field: { onChange: (e: { target: { value: string } }) => void }, value: string) => act(() => field.onChange({ target: { value } }));

describe('useZodForm', () => {
  afterEach(() => useToasts.setState({ toasts: [] }));

  it('checks the values with the contract first: inline errors per field, nothing sent', async () => {
    const sent: unknown[] = [];
    const { result } = renderHook(() =>
      useZodForm({ initial: { email: '', password: '' }, schema: SellerLoginBody, onSubmit: async (data) => void sent.push(data) }),
    );
    await act(() => result.current.handleSubmit(submitEvent()));
    expect(sent).toEqual([]);
    expect(Object.keys(result.current.errors).sort()).toEqual(['email', 'password']);
    expect(result.current.field('email').error).toEqual(expect.any(String));
  });

  it('sends the checked data, busy while it is out, and clears the errors', async () => {
    let finish = () => {};
    const sent: unknown[] = [];
    const { result } = renderHook(() =>
      useZodForm({
        initial: { email: '', password: '' },
        schema: SellerLoginBody,
        onSubmit: (data) => new Promise<void>((resolve) => ((finish = resolve), sent.push(data))),
      }),
    );
    await act(() => result.current.handleSubmit(submitEvent()));
    type(result.current.field('email'), '  Seller@Example.com ');
    type(result.current.field('password'), 'a long password');
    let submitting!: Promise<void>;
    act(() => void (submitting = result.current.handleSubmit(submitEvent())));
    expect(result.current.busy).toBe(true);
    await act(async () => (finish(), submitting));
    expect(result.current.busy).toBe(false);
    expect(result.current.errors).toEqual({});
    expect(sent).toEqual([SellerLoginBody.parse({ email: '  Seller@Example.com ', password: 'a long password' })]);
  });

  it('turns typed text into what the schema checks, and resets to blank', async () => {
    const sent: unknown[] = [];
    const initial = { name: '', description: '', category: '', price: '', offerPrice: '', stock: '' };
    const { result } = renderHook(() =>
      useZodForm({
        initial,
        schema: ProductData,
        toInput: (v) => ({ ...v, price: Number(v.price), offerPrice: Number(v.offerPrice), stock: v.stock ? Number(v.stock) : undefined }),
        onSubmit: async (data) => void sent.push(data),
      }),
    );
    for (const [name, value] of Object.entries({ name: 'Mango', category: 'Fruits', price: '100', offerPrice: '80' })) {
      act(() => result.current.setValue(name as keyof typeof initial, value));
    }
    await act(() => result.current.handleSubmit(submitEvent()));
    expect(sent).toEqual([expect.objectContaining({ name: 'Mango', price: 100, offerPrice: 80 })]);
    act(() => result.current.reset());
    expect(result.current.values).toEqual(initial);
  });

  it('shows a failed send as an error toast and keeps the values for another try', async () => {
    const { result } = renderHook(() =>
      useZodForm({
        initial: { email: 'seller@example.com', password: 'a long password' },
        schema: SellerLoginBody,
        onSubmit: async () => {
          throw new Error('Invalid email or password');
        },
      }),
    );
    await act(() => result.current.handleSubmit(submitEvent()));
    expect(useToasts.getState().toasts.map((t) => [t.type, t.message])).toEqual([['error', 'Invalid email or password']]);
    expect(result.current.values.email).toBe('seller@example.com');
    expect(result.current.busy).toBe(false);
  });

  it('shows a refusal the server ties to a field at that field instead of a toast; any other stays a toast', async () => {
    let failure: Error = new Error('Email already registered');
    const { result } = renderHook(() =>
      useZodForm({
        initial: { email: 'seller@example.com', password: 'a long password' },
        schema: SellerLoginBody,
        serverErrors: (error) => ((error as Error).message.startsWith('Email') ? { email: (error as Error).message } : {}),
        onSubmit: async () => {
          throw failure;
        },
      }),
    );
    await act(() => result.current.handleSubmit(submitEvent()));
    expect(result.current.field('email').error).toBe('Email already registered');
    expect(useToasts.getState().toasts).toEqual([]);

    failure = new Error('Something went wrong');
    await act(() => result.current.handleSubmit(submitEvent()));
    expect(result.current.errors).toEqual({});
    expect(useToasts.getState().toasts.map((t) => t.message)).toEqual(['Something went wrong']);
  });
});
