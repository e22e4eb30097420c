// The floor on the server: the page's cards as HTML, for the list the bench seeded.
import { renderToString } from 'react-dom/server';
import { Floor, type List } from './Floor';

export function renderFloor(list: List): string {
  return renderToString(<Floor list={list} />);
}
