import { create } from 'zustand';

export type AuthMode = 'login' | 'register';

type LoginModalState = {
  open: boolean;
  mode: AuthMode;
  loginRequested: (mode?: AuthMode) => void;
  modeSwitched: (mode: AuthMode) => void;
  modalClosed: () => void;
};

export const useLoginModal = create<LoginModalState>()((set) => ({
  open: false,
  mode: 'login',
  loginRequested: (mode = 'login') => set({ open: true, mode }),
  modeSwitched: (mode) => set({ mode }),
  modalClosed: () => set({ open: false }),
}));
