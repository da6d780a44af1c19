import { create } from 'zustand';
import type { LiveStatus } from '../../../lib/live-socket';

type LiveConnectionState = {
  status: LiveStatus;
  /** Counts successful (re)connects; pages refetch their snapshot whenever it changes. */
  generation: number;
  statusChanged: (status: LiveStatus) => void;
  connected: () => void;
};

export const useLiveConnection = create<LiveConnectionState>()((set) => ({
  status: 'connecting',
  generation: 0,
  statusChanged: (status) => set({ status }),
  connected: () => set((s) => ({ status: 'online', generation: s.generation + 1 })),
}));
