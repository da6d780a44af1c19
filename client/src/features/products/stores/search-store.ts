import { create } from 'zustand';

type SearchState = {
  query: string;
  queryTyped: (query: string) => void;
};

/** The navbar's search text; /products filters by it. */
export const useSearch = create<SearchState>()((set) => ({
  query: '',
  queryTyped: (query) => set({ query }),
}));
