import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { exportProductList, isSignedOutError, type ListFileFormat } from '@wishlist/api-client';
import { notify } from '@wishlist/stores';
import { Button } from '@wishlist/ui';
import { useListsT } from '../i18n';
import { saveFile } from './download';
import { DownloadIcon } from './icons';

/**
 * "Export" for one owned list: a disclosure button that shows the two formats (JSON keeps every
 * field for a later import, CSV opens in a spreadsheet). Escape closes it and gives focus back.
 */
export function ExportActions({ listId, listName }: { listId: string; listName: string }) {
  const { t } = useListsT();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState<ListFileFormat | null>(null);
  const panelId = useId();
  const toggleRef = useRef<HTMLButtonElement>(null);
  const firstRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (open) firstRef.current?.focus({ preventScroll: true });
  }, [open]);

  // Another list selected: the choice starts closed again.
  useEffect(() => setOpen(false), [listId]);

  const run = async (format: ListFileFormat) => {
    setBusy(format);
    try {
      const file = await exportProductList(listId, format);
      saveFile(file.content, file.fileName, file.mimeType);
      notify({ type: 'success', message: t('exportList.done', { name: listName, file: file.fileName }) });
      setOpen(false);
      toggleRef.current?.focus({ preventScroll: true });
    } catch (e) {
      if (!isSignedOutError(e)) notify({ type: 'error', message: t('exportList.failed') });
    } finally {
      setBusy(null);
    }
  };

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === 'Escape' && open) {
      e.stopPropagation();
      setOpen(false);
      toggleRef.current?.focus({ preventScroll: true });
    }
  };

  return (
    <div className="list-files-export" onKeyDown={onKeyDown}>
      <Button ref={toggleRef} variant="secondary" icon={<DownloadIcon />} aria-expanded={open} aria-controls={panelId} onClick={() => setOpen((o) => !o)}>
        {t('exportList.label')}
      </Button>
      <div id={panelId} className="list-files-export__choices" hidden={!open} role="group" aria-label={t('exportList.label')}>
        <Button ref={firstRef} variant="secondary" size="sm" loading={busy === 'json'} disabled={busy !== null} onClick={() => void run('json')}>
          {t('exportList.json')}
        </Button>
        <Button variant="secondary" size="sm" loading={busy === 'csv'} disabled={busy !== null} onClick={() => void run('csv')}>
          {t('exportList.csv')}
        </Button>
      </div>
    </div>
  );
}
