// What the page currently shows, for widgets outside it (the header basket hides itself on the
// person's own list, SPEC §2). The list page publishes the list it shows and clears it on leaving:
//   useViewStore.getState().setViewedList({ id: list.id, isOwner: list.isOwner })  // on load
//   useViewStore.getState().setViewedList(null)                                   // on unmount
import { create } from 'zustand';

export interface ViewedList {
  id: string;
  isOwner: boolean;
}

export interface ViewState {
  viewedList: ViewedList | null;
  setViewedList: (list: ViewedList | null) => void;
}

export const useViewStore = create<ViewState>()((set, get) => ({
  viewedList: null,
  setViewedList: (list) => {
    const cur = get().viewedList;
    if (cur?.id === list?.id && cur?.isOwner === list?.isOwner) return;
    set({ viewedList: list ? { id: list.id, isOwner: list.isOwner } : null });
  },
}));

/** True when the page shows one of the person's own lists. */
export function isViewingOwnList(state: Pick<ViewState, 'viewedList'> = useViewStore.getState()): boolean {
  return state.viewedList?.isOwner === true;
}
