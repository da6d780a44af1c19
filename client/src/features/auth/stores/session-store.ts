import { create } from 'zustand';
import type { UserDto } from '@core/contracts/http/account-replies';

type SessionState = {
  user: UserDto | null;
  /**
   * False until the first is-auth answer (or a login in this tab): pages that need a user wait instead of redirecting.
   * A check that got no answer leaves it false.
   */
  checked: boolean;
  /** The check got no answer (it is asked again later): a page waiting for it says so and offers to ask now. */
  checkFailed: boolean;
  sessionChecked: (user: UserDto | null) => void;
  sessionCheckFailed: () => void;
  sessionCheckRetried: () => void;
  userLoggedIn: (user: UserDto) => void;
  userLoggedOut: () => void;
};

export const useSession = create<SessionState>()((set) => ({
  user: null,
  checked: false,
  checkFailed: false,
  sessionChecked: (user) => set({ user, checked: true, checkFailed: false }),
  sessionCheckFailed: () => set({ checkFailed: true }),
  sessionCheckRetried: () => set({ checkFailed: false }),
  userLoggedIn: (user) => set({ user, checked: true, checkFailed: false }),
  userLoggedOut: () => set({ user: null, checked: true, checkFailed: false }),
}));
