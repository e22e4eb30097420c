// Federation entry: hands over the component (its strings come with it: strings/*.ts).
export { default } from '../pages/MyGiftsPage';
