// The floor in the browser: the server sent the cards as HTML (render.tsx) with the list they show;
// React takes them over (hydration), as any server-rendered React page does, and nothing more.
import { hydrateRoot } from 'react-dom/client';
import { Floor, type List } from './Floor';
// The product's own stylesheet for the cards, then the page's few rules.
import '../../../remote-lists/src/styles/lists.css';
import './floor.css';

const list = JSON.parse(document.getElementById('floor-data')!.textContent!) as List;
hydrateRoot(document.getElementById('root')!, <Floor list={list} />);
