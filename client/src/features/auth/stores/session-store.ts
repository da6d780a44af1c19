import { create } from 'zustand';
import type { UserDto } from '@core/contracts/http/account-replies';

type SessionState = {
  user: UserDto | null;
  /**
   * False until the first is-auth answer (or a login in this tab): pages that need a user wait instead of redirecting.
   * A check that got no answer leaves it false.
   */
  checked: boolean;
  sessionChecked: (user: UserDto | null) => void;
  userLoggedIn: (user: UserDto) => void;
  userLoggedOut: () => void;
};

export const useSession = create<SessionState>()((set) => ({
  user: null,
  checked: false,
  sessionChecked: (user) => set({ user, checked: true }),
  userLoggedIn: (user) => set({ user, checked: true }),
  userLoggedOut: () => set({ user: null, checked: true }),
}));
