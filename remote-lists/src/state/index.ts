export { useListsStore, findProduct, normalizeList, normalizeProduct, type ListsState, type ListsSource } from './listsStore';
