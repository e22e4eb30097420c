// Federation entry: hands over the page (its strings come with it: strings/*.ts).
export { default } from '../pages/AndroidHowToPage';
