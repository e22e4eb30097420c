// Product creation (SPEC §2): the URL step (Continue disabled until the URL is valid, the field in
// error when non-empty and invalid), then the form prefilled from the page's metadata. A page that
// cannot be read says why and what to do (in the person's language, from the service's reason
// code) and lets the person fill in the form by hand. A shop that answers with a robot check
// (`page_blocked`) cannot be read at all: the form opens at once, the link kept, saying so.
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { getPageMetadata, type PageMetadata } from '@wishlist/api-client';
import { PRODUCT_URL_MAX_LENGTH, isCompleteProductUrl, isValidProductUrl } from '@wishlist/contracts';
import { Button, Spinner, TextField, isAndroid } from '@wishlist/ui';
import { fieldErrorsOf, isUnreachable, pageErrorCodeOf } from './errors';
import { useProductsT } from './i18n';
import { ProductForm, type ProductDraft } from './ProductForm';
import type { SaveResult } from './saveProduct';

export interface ProductCreationProps {
  /** The address a link gave (the listing's panel, the from-URL route): shown, read on Continue. */
  initialUrl?: string;
  /** The list named by the route: the default list when it is one of the person's. */
  productListId?: string;
  headingLevel?: 1 | 2;
  onSaved: (result: SaveResult) => void;
  onCancel: () => void;
  onSaveFailed?: () => void;
}

type Step =
  | { kind: 'url' }
  | { kind: 'reading'; url: string }
  | { kind: 'form'; draft: ProductDraft; candidates: string[]; pictures?: Record<string, string>; notice?: string; byHand?: boolean };

function draftFrom(meta: PageMetadata | null, typedUrl: string): { draft: ProductDraft; candidates: string[]; pictures?: Record<string, string> } {
  if (!meta) return { draft: { name: '', price: null, url: typedUrl }, candidates: [] };
  const url = isCompleteProductUrl(meta.url) ? meta.url : typedUrl;
  return {
    draft: { name: meta.title, price: meta.price, url, currency: meta.currency },
    candidates: meta.images,
    pictures: meta.pictures,
  };
}

export function ProductCreation({
  initialUrl,
  productListId,
  headingLevel = 1,
  onSaved,
  onCancel,
  onSaveFailed,
}: ProductCreationProps) {
  const { t } = useProductsT();
  const startUrl = initialUrl && isCompleteProductUrl(initialUrl) ? initialUrl.trim() : undefined;
  const [url, setUrl] = useState(startUrl ?? initialUrl ?? '');
  const [step, setStep] = useState<Step>({ kind: 'url' });
  const [fetching, setFetching] = useState(false);
  const [fetchError, setFetchError] = useState<string | null>(null);
  const mounted = useRef(true);
  const urlInputId = `${useId()}-url`;
  const Heading = headingLevel === 1 ? 'h1' : 'h2';

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const read = async (target: string) => {
    setFetching(true);
    setFetchError(null);
    try {
      const meta = await getPageMetadata(target);
      if (!mounted.current) return;
      setStep({ kind: 'form', ...draftFrom(meta, target) });
    } catch (e) {
      if (!mounted.current) return;
      const code = pageErrorCodeOf(e);
      if (code === 'page_blocked') {
        // Nothing to retry: the shop refuses automatic reading. Straight to the form, link kept.
        setStep({ kind: 'form', ...draftFrom(null, target), notice: t('form.blockedNotice'), byHand: true });
        return;
      }
      const key = `urlStep.errors.${code}`;
      const worded = code && t(key) !== key ? t(key) : '';
      const message = fieldErrorsOf(e).url;
      setFetchError(
        worded ||
          (message
            ? t('urlStep.fetchFailed', { message })
            : isUnreachable(e)
              ? t('notifications.unreachable')
              : t('urlStep.fetchFailedGeneric')),
      );
      setStep({ kind: 'url' });
    } finally {
      if (mounted.current) setFetching(false);
    }
  };

  const onContinue = (e: FormEvent) => {
    e.preventDefault();
    if (!isCompleteProductUrl(url) || fetching) return;
    void read(url.trim());
  };

  const header = (
    <div className="lists-pf-header">
      <Heading className="lists-pf-title">{t('titles.create')}</Heading>
      {isAndroid() && (
        <Link className="lists-pf-android" to="/how-to-use-android-app">
          {t('urlStep.androidHowTo')}
        </Link>
      )}
    </div>
  );

  if (step.kind === 'reading') {
    return (
      <section className="lists-pf" aria-busy="true">
        {header}
        <p className="lists-pf-reading" role="status">
          <Spinner size="md" /> {t('urlStep.fetching')}
        </p>
        <p className="lists-pf-muted lists-pf-url-text">{step.url}</p>
      </section>
    );
  }

  if (step.kind === 'form') {
    return (
      <section className="lists-pf">
        {header}
        <ProductForm
          draft={step.draft}
          candidates={step.candidates}
          pictures={step.pictures}
          notice={step.notice}
          focusName={step.byHand}
          routeListId={productListId}
          onSaved={onSaved}
          onCancel={onCancel}
          onSaveFailed={onSaveFailed}
          onChangeUrl={() => {
            setFetchError(null);
            setStep({ kind: 'url' });
            setTimeout(() => document.getElementById(urlInputId)?.focus(), 0);
          }}
        />
      </section>
    );
  }

  const invalid = url.trim() !== '' && !isValidProductUrl(url);
  return (
    <section className="lists-pf">
      {header}
      <form className="lists-pf-url" onSubmit={onContinue} noValidate>
        <TextField
          id={urlInputId}
          label={t('urlStep.label')}
          hint={t('urlStep.hint')}
          placeholder={t('urlStep.placeholder')}
          type="url"
          inputMode="url"
          autoComplete="url"
          autoFocus={!startUrl}
          maxLength={PRODUCT_URL_MAX_LENGTH}
          value={url}
          error={invalid ? t('urlStep.invalid') : undefined}
          onChange={(e) => {
            setUrl(e.target.value);
            setFetchError(null);
          }}
        />
        {startUrl && url.trim() === startUrl && !fetchError && !fetching && <p className="lists-pf-muted">{t('urlStep.fromLink')}</p>}
        {fetchError && (
          <div className="lists-pf-alert" role="alert">
            <p>{fetchError}</p>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => setStep({ kind: 'form', ...draftFrom(null, url.trim()), byHand: true })}
              disabled={!isCompleteProductUrl(url)}
            >
              {t('urlStep.fillByHand')}
            </Button>
          </div>
        )}
        <div className="lists-pf-actions">
          <Button variant="secondary" onClick={onCancel} disabled={fetching}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" disabled={!isCompleteProductUrl(url)} loading={fetching} autoFocus={Boolean(startUrl)}>
            {fetching ? t('urlStep.fetching') : t('urlStep.continue')}
          </Button>
        </div>
      </form>
    </section>
  );
}
