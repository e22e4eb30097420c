import { useEffect, useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router-dom';
import { createProduct, createProductList, deleteProductList, getPageMetadata, isApiError, isSignedOutError } from '@wishlist/api-client';
import { LIST_NAME_MAX_LENGTH } from '@wishlist/contracts';
import { Button, TextArea, TextField, keepTabInside } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { paths } from '../lib/paths';
import { importFile, type FileRefusal } from './fileImport';
import { ImportReport } from './ImportReport';
import { MAX_PASTE_LINES, readPastedLines, runPasteImport, type LineResult } from './pasteImport';
import './listFiles.css';

export interface ImportedList {
  id: string;
  name: string;
  productCount: number;
}

type Phase =
  | { kind: 'form' }
  | { kind: 'file' }
  | { kind: 'paste'; current: number; total: number; waiting?: number }
  | { kind: 'done'; list: ImportedList | null; added: number; total: number };

type Mode = 'file' | 'paste';

/**
 * "Import a list": a modal dialog (labelled, focus kept inside, Escape closes when
 * nothing runs, focus given back to what opened it). A file is imported whole by the service (all
 * or nothing, its refusals said line by line); pasted addresses are read and added one by one into
 * a new list, with the progress and a line-by-line report of what was not added.
 */
export function ImportListDialog({ onClose, onImported }: { onClose: () => void; onImported: (list: ImportedList) => void }) {
  const { t } = useListsT();
  const id = useId();
  const panel = useRef<HTMLDivElement>(null);
  const firstRef = useRef<HTMLInputElement>(null);
  const stopRef = useRef(false);
  const wakeRef = useRef<(() => void) | null>(null);
  const [mode, setMode] = useState<Mode>('file');
  const [name, setName] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [pasted, setPasted] = useState('');
  const [phase, setPhase] = useState<Phase>({ kind: 'form' });
  const [errors, setErrors] = useState<{ name?: string; file?: string; paste?: string }>({});
  const [refusal, setRefusal] = useState<FileRefusal | null>(null);
  const [results, setResults] = useState<LineResult[]>([]);
  // Pasted addresses that failed are added to the same list when tried again.
  const [targetList, setTargetList] = useState<ImportedList | null>(null);
  const running = phase.kind === 'file' || phase.kind === 'paste';

  useEffect(() => {
    const opener = document.activeElement as HTMLElement | null;
    firstRef.current?.focus();
    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';
    return () => {
      stopRef.current = true;
      wakeRef.current?.();
      document.body.style.overflow = overflow;
      if (opener && opener.isConnected) opener.focus();
    };
  }, []);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape') {
      e.stopPropagation();
      if (!running) onClose();
      return;
    }
    keepTabInside(e, panel.current);
  };

  const wait = (seconds: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, seconds * 1000);
      wakeRef.current = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  const submitFile = async () => {
    if (!file) return setErrors({ file: t('importList.fileRequired') });
    setPhase({ kind: 'file' });
    const outcome = await importFile(file, name);
    if ('list' in outcome) {
      const list = { id: outcome.list.id, name: outcome.list.name, productCount: outcome.list.products?.length ?? 0 };
      setPhase({ kind: 'done', list, added: list.productCount, total: list.productCount });
      onImported(list);
      return;
    }
    setPhase({ kind: 'form' });
    if (outcome.refused.kind === 'signedOut') return onClose();
    if (outcome.refused.kind === 'name') setErrors({ name: t('importList.nameRequired') });
    else setRefusal(outcome.refused);
  };

  const submitPaste = async () => {
    const { lines, refused, tooMany } = readPastedLines(pasted);
    const problems: typeof errors = {};
    if (!targetList && !name.trim()) problems.name = t('importList.nameRequired');
    if (lines.length + refused.length === 0) problems.paste = t('importList.pasteRequired');
    else if (tooMany) problems.paste = t('importList.pasteTooMany', { max: MAX_PASTE_LINES });
    if (Object.keys(problems).length > 0) return setErrors(problems);
    let list = targetList;
    if (!list) {
      setPhase({ kind: 'paste', current: 0, total: lines.length });
      try {
        const created = await createProductList({ name: name.trim() });
        list = { id: created.id, name: created.name, productCount: 0 };
      } catch (e) {
        setPhase({ kind: 'form' });
        if (isSignedOutError(e)) return onClose();
        const tooManyLists = isApiError(e) && e.status === 422 && (e.data as { errors?: { name?: string } })?.errors?.name === 'too-many-lists';
        return setRefusal({ kind: tooManyLists ? 'tooManyLists' : 'failed' });
      }
    }
    stopRef.current = false;
    const shown: LineResult[] = [...refused];
    setResults([...shown]);
    setPhase({ kind: 'paste', current: 0, total: lines.length });
    const done = await runPasteImport(lines, list.id, { getPageMetadata, createProduct, wait }, {
      onLineStart: (index) => setPhase({ kind: 'paste', current: index + 1, total: lines.length }),
      onWaiting: (seconds) => setPhase((p) => (p.kind === 'paste' ? { ...p, waiting: seconds } : p)),
      onLineDone: (result) => {
        shown.push(result);
        setResults([...shown]);
      },
      stopped: () => stopRef.current,
    });
    const added = done.filter((r) => 'added' in r).length + list.productCount;
    if (added === 0 && !targetList) {
      // Nothing could be added: the empty list made for the paste goes away again.
      await deleteProductList(list.id).catch(() => undefined);
      setPhase({ kind: 'done', list: null, added: 0, total: lines.length + refused.length });
      return;
    }
    const final = { ...list, productCount: added };
    setTargetList(final);
    setPhase({ kind: 'done', list: final, added: done.filter((r) => 'added' in r).length, total: lines.length + refused.length });
    onImported(final);
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    setRefusal(null);
    if (mode === 'file') void submitFile();
    else {
      setResults([]);
      void submitPaste();
    }
  };

  const retryFailed = () => {
    const again = results.filter((r) => 'problem' in r && r.problem.kind !== 'duplicate' && r.problem.kind !== 'invalidUrl').map((r) => r.url);
    setPasted(again.join('\n'));
    setResults([]);
    setPhase({ kind: 'form' });
  };

  const title = `${id}-title`;
  const canRetry = phase.kind === 'done' && phase.list !== null && results.some((r) => 'problem' in r && r.problem.kind !== 'duplicate' && r.problem.kind !== 'invalidUrl');

  return createPortal(
    <div className="ui-dialog-backdrop" onMouseDown={(e) => e.target === e.currentTarget && !running && onClose()}>
      <div ref={panel} className="ui-dialog list-files-dialog" role="dialog" aria-modal="true" aria-labelledby={title} onKeyDown={onKeyDown}>
        <h2 id={title} className="ui-dialog__title">
          {t('importList.title')}
        </h2>
        {phase.kind !== 'done' && (
          <form className="list-files-form" onSubmit={onSubmit} noValidate>
            <p className="list-files-lead">{t('importList.intro')}</p>
            {!targetList && (
              <fieldset className="list-files-modes" disabled={running}>
                <legend>{t('importList.modeLegend')}</legend>
                {(['file', 'paste'] as const).map((m) => (
                  <label key={m} className="list-files-mode">
                    <input ref={m === 'file' ? firstRef : undefined} type="radio" name={`${id}-mode`} value={m} checked={mode === m} onChange={() => setMode(m)} />
                    <span>{t(m === 'file' ? 'importList.modeFile' : 'importList.modePaste')}</span>
                  </label>
                ))}
              </fieldset>
            )}
            {!targetList && (
              <TextField
                label={t('importList.nameLabel')}
                hint={t(mode === 'file' ? 'importList.nameHintFile' : 'importList.nameHintPaste')}
                value={name}
                maxLength={LIST_NAME_MAX_LENGTH}
                required={mode === 'paste'}
                error={errors.name}
                disabled={running}
                onChange={(e) => setName(e.target.value)}
              />
            )}
            {mode === 'file' ? (
              <div className={['ui-field', errors.file && 'ui-field--invalid'].filter(Boolean).join(' ')}>
                <label className="ui-field__label" htmlFor={`${id}-file`}>
                  {t('importList.fileLabel')}
                </label>
                <input
                  id={`${id}-file`}
                  type="file"
                  className="list-files-file"
                  accept=".csv,.json,text/csv,application/json"
                  aria-describedby={`${id}-file-hint${errors.file ? ` ${id}-file-error` : ''}`}
                  aria-invalid={errors.file ? true : undefined}
                  disabled={running}
                  onChange={(e) => {
                    setFile(e.target.files?.[0] ?? null);
                    setRefusal(null);
                  }}
                />
                <p id={`${id}-file-hint`} className="ui-field__hint">
                  {t('importList.fileHint')}
                </p>
                {errors.file && (
                  <p id={`${id}-file-error`} className="ui-field__error">
                    {errors.file}
                  </p>
                )}
              </div>
            ) : (
              <TextArea
                label={t('importList.pasteLabel')}
                hint={t('importList.pasteHint', { max: MAX_PASTE_LINES })}
                value={pasted}
                rows={6}
                spellCheck={false}
                error={errors.paste}
                disabled={running}
                onChange={(e) => setPasted(e.target.value)}
              />
            )}
            {refusal && <RefusalMessage refusal={refusal} />}
            <ImportProgress phase={phase} />
            {results.length > 0 && <ImportReport results={results} />}
            <div className="ui-dialog__actions">
              {phase.kind === 'paste' ? (
                <Button
                  variant="secondary"
                  onClick={() => {
                    stopRef.current = true;
                    wakeRef.current?.();
                  }}
                >
                  {t('importList.stop')}
                </Button>
              ) : (
                <Button variant="secondary" onClick={onClose} disabled={running}>
                  {t('importList.cancel')}
                </Button>
              )}
              <Button type="submit" loading={running}>
                {t('importList.submit')}
              </Button>
            </div>
          </form>
        )}
        {phase.kind === 'done' && (
          <div className="list-files-form">
            <p role="status" className="list-files-done">
              {phase.list === null
                ? t('importList.nothingAdded')
                : mode === 'file'
                  ? t('importList.doneFile', { name: phase.list.name, count: phase.added })
                  : t('importList.donePaste', { name: phase.list.name, added: phase.added, total: phase.total })}
            </p>
            {results.length > 0 && <ImportReport results={results} />}
            <div className="ui-dialog__actions">
              {canRetry && (
                <Button variant="secondary" onClick={retryFailed}>
                  {t('importList.retryFailed')}
                </Button>
              )}
              <Button variant="secondary" onClick={onClose}>
                {t('importList.close')}
              </Button>
              {phase.list && (
                <Link to={paths.listing(phase.list.id)} className="ui-button ui-button--primary ui-button--md">
                  <span className="ui-button__label">{t('importList.openList')}</span>
                </Link>
              )}
            </div>
          </div>
        )}
      </div>
    </div>,
    document.body,
  );
}

function ImportProgress({ phase }: { phase: Phase }) {
  const { t } = useListsT();
  const text =
    phase.kind === 'file'
      ? t('importList.importing')
      : phase.kind === 'paste' && phase.total > 0
        ? [t('importList.progress', { current: Math.max(phase.current, 1), total: phase.total }), phase.waiting ? t('importList.waiting', { seconds: phase.waiting }) : '']
            .filter(Boolean)
            .join(' ')
        : '';
  return (
    <div className="list-files-progress" role="status" aria-live="polite">
      {phase.kind === 'paste' && phase.total > 0 && <progress max={phase.total} value={Math.max(phase.current - 1, 0)} aria-label={t('importList.progressLabel')} />}
      {text && <p>{text}</p>}
    </div>
  );
}

function RefusalMessage({ refusal }: { refusal: FileRefusal }) {
  const { t } = useListsT();
  if (refusal.kind === 'lines') {
    return (
      <div role="alert" className="list-files-refusal">
        <p>{t('importList.fileErrorsTitle')}</p>
        <ul>
          {refusal.lines.map((l, i) => (
            <li key={i}>
              {l.place === 'more' ? (
                t('importList.moreErrors')
              ) : (
                <>
                  <strong>{l.place === 'file' ? t('importList.fileLevel') : t(l.place === 'line' ? 'importList.line' : 'importList.product', { line: l.number })}</strong>
                  {' — '}
                  {l.message}
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
    );
  }
  const key = refusal.kind === 'unreadable' ? 'importList.fileUnreadable' : refusal.kind === 'name' || refusal.kind === 'signedOut' ? 'importList.errors.failed' : `importList.errors.${refusal.kind}`;
  return (
    <p role="alert" className="list-files-refusal">
      {t(key)}
    </p>
  );
}
