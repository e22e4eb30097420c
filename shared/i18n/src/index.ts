export * from './paths';
export * from './i18n';
export * from './namespace';
export { en as commonEn } from './locales/en';
export { fr as commonFr } from './locales/fr';
export type { CommonResources } from './locales/en';
export { useTranslation, Trans, I18nextProvider } from 'react-i18next';
