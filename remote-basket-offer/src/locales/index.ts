// Every string of the `basket` namespace, both languages, one file per section (`en/common.json`…):
// for the tests (their parity), and the type of the namespace. Components load theirs a section at a time
// (strings/*.ts), so an exposed component's chunks carry only the sections it shows.
import enActions from './en/actions.json';
import enBasket from './en/basket.json';
import enCommon from './en/common.json';
import enConfirmation from './en/confirmation.json';
import enCreated from './en/created.json';
import enHeader from './en/header.json';
import enNotifications from './en/notifications.json';
import enOffer from './en/offer.json';
import enOffering from './en/offering.json';
import enWithdrawal from './en/withdrawal.json';
import enPledge from './en/pledge.json';
import enGifts from './en/gifts.json';
import enSuggestions from './en/suggestions.json';
import frActions from './fr/actions.json';
import frBasket from './fr/basket.json';
import frCommon from './fr/common.json';
import frConfirmation from './fr/confirmation.json';
import frCreated from './fr/created.json';
import frHeader from './fr/header.json';
import frNotifications from './fr/notifications.json';
import frOffer from './fr/offer.json';
import frOffering from './fr/offering.json';
import frWithdrawal from './fr/withdrawal.json';
import frPledge from './fr/pledge.json';
import frGifts from './fr/gifts.json';
import frSuggestions from './fr/suggestions.json';

export const en = { common: enCommon, basket: enBasket, offer: enOffer, created: enCreated, confirmation: enConfirmation, offering: enOffering, header: enHeader, actions: enActions, notifications: enNotifications, withdrawal: enWithdrawal, pledge: enPledge, gifts: enGifts, suggestions: enSuggestions };
export const fr = { common: frCommon, basket: frBasket, offer: frOffer, created: frCreated, confirmation: frConfirmation, offering: frOffering, header: frHeader, actions: frActions, notifications: frNotifications, withdrawal: frWithdrawal, pledge: frPledge, gifts: frGifts, suggestions: frSuggestions };

export type BasketStrings = typeof en;
