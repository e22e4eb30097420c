import i18next from 'i18next';
import { defineNamespace, initI18n } from '../src';

describe('defineNamespace', () => {
  const whole = defineNamespace('whole', { en: { a: { b: 'B' } }, fr: { a: { b: 'Bé' } } });
  const sectioned = defineNamespace<'parts', { en: { header: { title: string }; footer: { note: string } }; fr: { header: { title: string }; footer: { note: string } } }>('parts');
  sectioned.add({ en: { header: { title: 'Basket' } }, fr: { header: { title: 'Panier' } } });

  it('adds what was defined before the shell initialised the instance, once it does', () => {
    expect(i18next.isInitialized).toBeFalsy();
    initI18n('fr');
    expect(i18next.t('whole:a.b')).toBe('Bé');
    expect(i18next.t('parts:header.title')).toBe('Panier');
    // Only the section a loaded component imported is there.
    expect(i18next.exists('parts:footer.note')).toBe(false);
  });

  it('adds a section loaded later to the instance, keeping the others', () => {
    sectioned.add({ en: { footer: { note: 'Thanks' } }, fr: { footer: { note: 'Merci' } } });
    expect(i18next.t('parts:footer.note')).toBe('Merci');
    expect(i18next.t('parts:header.title')).toBe('Panier');
    expect(sectioned.resources.en).toEqual({ header: { title: 'Basket' }, footer: { note: 'Thanks' } });
  });

  it('brings another instance (a test, a server renderer) up to date with everything added so far', () => {
    const other = i18next.createInstance();
    void other.init({ lng: 'en', resources: {}, initAsync: false });
    sectioned.register(other);
    whole.register(other);
    expect(other.t('parts:header.title')).toBe('Basket');
    expect(other.t('parts:footer.note')).toBe('Thanks');
    expect(other.t('whole:a.b')).toBe('B');
  });
});
