import { useCallback, useEffect, useId, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router-dom';
import { createPledge, fieldErrors, getGroupGiftTotals, getProductInList, isApiError, type PledgeMade } from '@wishlist/api-client';
import { GROUP_GIFT_MIN_PLEDGE, OFFERER_MESSAGE_MAX_LENGTH, formatPrice, isValidEmail, type Product } from '@wishlist/contracts';
import { Button, Spinner, TextArea, TextField } from '@wishlist/ui';
import { PledgeProgress } from '../components/PledgeProgress';
import { usePage } from '../components/usePage';
import { amountProblem, amountToCents } from '../lib/pledgeAmount';
import { useBasketT } from '../i18n';
import '../strings/pledge';
import '../styles/basket.css';

const NAME_MAX = 100;
type Field = 'name' | 'email' | 'amount' | 'message';
type Loaded = { status: 'loading' } | { status: 'failed' | 'missing' | 'not-group-gift' } | { status: 'ready'; product: Product; pledged: number; remaining: number; complete: boolean };

/**
 * `/chip-in/{listId}/{productId}`: the pledge form of a group gift (no sign-in). Name, e-mail and
 * amount are required, the message is not; errors show after the first submit, each under its
 * field, in the page's language. On success it says to confirm from the e-mail, and whether the
 * amount was cut to what remained.
 */
export default function PledgeFormPage() {
  const { t, lang } = useBasketT();
  const { productListId = '', productId = '' } = useParams<{ productListId: string; productId: string }>();
  const [loaded, setLoaded] = useState<Loaded>({ status: 'loading' });
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [amountText, setAmountText] = useState('');
  const [message, setMessage] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<Partial<Record<Field, string>>>({});
  const [notice, setNotice] = useState<string | null>(null);
  const [made, setMade] = useState<PledgeMade | null>(null);
  const formId = useId();
  const productName = loaded.status === 'ready' ? loaded.product.name : '';
  const heading = usePage(t('pledge.formDocumentTitle'), made ? 'sent' : loaded.status);

  const load = useCallback(async () => {
    setLoaded({ status: 'loading' });
    try {
      const product = await getProductInList(productListId, productId);
      if (!product.groupGift || product.price === null || product.price === undefined) {
        setLoaded({ status: 'not-group-gift' });
        return;
      }
      const [total] = await getGroupGiftTotals([productId]);
      const pledged = total?.pledged ?? 0;
      setLoaded({ status: 'ready', product, pledged, remaining: total?.remaining ?? product.price - pledged, complete: total?.complete === true });
    } catch (err) {
      setLoaded({ status: isApiError(err) && err.status === 404 ? 'missing' : 'failed' });
    }
  }, [productListId, productId]);
  useEffect(() => {
    void load();
  }, [load]);

  const remaining = loaded.status === 'ready' ? loaded.remaining : undefined;
  const cents = amountToCents(amountText);
  const problem = amountProblem(cents, GROUP_GIFT_MIN_PLEDGE, remaining);
  const money = (c: number) => formatPrice(c, lang);
  const local: Partial<Record<Field, string>> = {};
  if (name.trim() === '') local.name = t('pledge.errors.nameRequired');
  if (!isValidEmail(email)) local.email = t('pledge.errors.emailInvalid');
  if (problem === 'invalid') local.amount = t('pledge.errors.amountInvalid', { example: lang === 'fr' ? '25,50' : '25.50' });
  if (problem === 'tooSmall') local.amount = t('pledge.errors.amountTooSmall', { min: money(Math.min(GROUP_GIFT_MIN_PLEDGE, remaining ?? GROUP_GIFT_MIN_PLEDGE)) });
  if (problem === 'tooLarge') local.amount = t('pledge.errors.amountTooLarge', { max: money(remaining ?? 0) });
  const errorOf = (f: Field) => (submitted ? local[f] : undefined) ?? serverErrors[f];

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (sending || loaded.status !== 'ready') return;
    setSubmitted(true);
    setNotice(null);
    const first = (['name', 'email', 'amount'] as const).find((f) => local[f]);
    if (first || cents === undefined) {
      document.getElementById(`${formId}-${first ?? 'amount'}`)?.focus();
      return;
    }
    setSending(true);
    setServerErrors({});
    try {
      setMade(await createPledge({ productId, name: name.trim(), email: email.trim(), amount: cents, message: message.trim(), language: lang }));
    } catch (err) {
      if (isApiError(err) && err.status === 422) {
        const errors = fieldErrors(err);
        const codeText = (code: string | undefined) =>
          code === undefined ? undefined : code === 'too-long' ? t('pledge.errors.tooLong') : code === 'invalid-email' ? t('pledge.errors.emailInvalid') : code === 'below-minimum' ? t('pledge.errors.amountTooSmall', { min: money(GROUP_GIFT_MIN_PLEDGE) }) : t('pledge.errors.dataError');
        setServerErrors({ name: codeText(errors.name), email: codeText(errors.email), amount: codeText(errors.amount), message: codeText(errors.message) });
        setNotice(t('pledge.errors.dataError'));
      } else if (isApiError(err) && err.status === 409) {
        setNotice(t('pledge.errors.fullyPledged'));
        void load();
      } else if (isApiError(err) && err.status === 429) {
        setNotice(t('pledge.errors.rateLimited'));
      } else {
        setNotice(t('pledge.errors.failed'));
      }
    } finally {
      setSending(false);
    }
  };

  const back = (
    <Link to={`/product-list/${encodeURIComponent(productListId)}/${encodeURIComponent(productId)}`} className="ui-button ui-button--secondary ui-button--md">
      <span className="ui-button__label">{t('pledge.backToList')}</span>
    </Link>
  );

  if (loaded.status === 'loading') {
    return (
      <div className="basket-page basket-page--narrow basket-loading" role="status">
        <h1 ref={heading} tabIndex={-1} className="basket-visually-hidden">
          {t('pledge.formDocumentTitle')}
        </h1>
        <Spinner size="lg" label={t('pledge.loading')} />
      </div>
    );
  }
  if (loaded.status !== 'ready') {
    const text = loaded.status === 'missing' ? 'pledge.notFound' : loaded.status === 'not-group-gift' ? 'pledge.notGroupGift' : 'pledge.loadFailed';
    return (
      <div className="basket-page basket-page--narrow">
        <h1 ref={heading} tabIndex={-1} className="basket-title">
          {t('pledge.formDocumentTitle')}
        </h1>
        <p className="basket-notice" role="alert">
          {t(text)}
        </p>
        <p className="basket-actions-row">
          {loaded.status === 'failed' && (
            <Button type="button" onClick={() => void load()}>
              {t('pledge.retry')}
            </Button>
          )}
          {back}
        </p>
      </div>
    );
  }

  const price = loaded.product.price ?? 0;
  if (made) {
    return (
      <div className="basket-page basket-page--narrow">
        <h1 ref={heading} tabIndex={-1} className="basket-title">
          {t('pledge.sentTitle')}
        </h1>
        <div data-testid="pledge-sent">
          {made.cut && <p className="basket-notice basket-notice--info">{t('pledge.cut', { requested: money(made.requested), amount: money(made.amount) })}</p>}
          <p className="basket-lead">{t('pledge.sent', { email: email.trim(), amount: money(made.amount) })}</p>
        </div>
        <PledgeProgress pledged={made.pledged} price={made.price} />
        <p className="basket-actions-row">{back}</p>
      </div>
    );
  }

  return (
    <div className="basket-page basket-page--narrow">
      <h1 ref={heading} tabIndex={-1} className="basket-title">
        {t('pledge.formTitle', { name: productName })}
      </h1>
      <p className="basket-lead">{t('pledge.formLead')}</p>
      <PledgeProgress pledged={loaded.pledged} price={price} />
      <div role="alert">{notice && <p className="basket-notice" data-testid="pledge-notice">{notice}</p>}</div>
      {loaded.complete || loaded.remaining <= 0 ? (
        <p className="basket-notice basket-notice--info">{t('pledge.errors.fullyPledged')}</p>
      ) : (
        <form className="basket-form" onSubmit={(e) => void submit(e)} noValidate aria-label={t('pledge.formDocumentTitle')}>
          <p className="basket-muted basket-required-note">{t('pledge.requiredNote')}</p>
          <TextField
            id={`${formId}-name`}
            label={t('pledge.nameLabel')}
            name="name"
            autoComplete="name"
            required
            maxLength={NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={errorOf('name')}
            hint={t('pledge.nameHint')}
          />
          <TextField
            id={`${formId}-email`}
            label={t('pledge.emailLabel')}
            type="email"
            name="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            error={errorOf('email')}
            hint={t('pledge.emailHint')}
          />
          <TextField
            id={`${formId}-amount`}
            label={t('pledge.amountLabel')}
            name="amount"
            inputMode="decimal"
            autoComplete="off"
            required
            value={amountText}
            onChange={(e) => setAmountText(e.target.value)}
            error={errorOf('amount')}
            hint={t('pledge.amountHint', { min: money(Math.min(GROUP_GIFT_MIN_PLEDGE, loaded.remaining)), max: money(loaded.remaining) })}
          />
          <TextArea
            id={`${formId}-message`}
            label={t('pledge.messageLabel')}
            name="message"
            rows={3}
            maxLength={OFFERER_MESSAGE_MAX_LENGTH}
            value={message}
            onChange={(e) => setMessage(e.target.value)}
            error={errorOf('message')}
          />
          <Button type="submit" size="lg" block loading={sending}>
            {t('pledge.submit')}
          </Button>
        </form>
      )}
      <p className="basket-actions-row">{back}</p>
    </div>
  );
}
