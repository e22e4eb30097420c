import { useListsT } from '../i18n';
import { useProductsT } from '../products/i18n';
import type { LineProblem, LineResult } from './pasteImport';

/**
 * What happened to each pasted line, in the order of the lines: the products added, and for the
 * others why not and what to do (a page that could not be read says why, as the single-address
 * flow does).
 */
export function ImportReport({ results }: { results: LineResult[] }) {
  const { t } = useListsT();
  const { t: tp } = useProductsT();
  const sorted = [...results].sort((a, b) => a.line - b.line);
  const failed = sorted.filter((r): r is Extract<LineResult, { problem: LineProblem }> => 'problem' in r);
  const added = sorted.filter((r): r is Extract<LineResult, { added: unknown }> => 'added' in r);

  const why = (p: LineProblem) => {
    if (p.kind === 'duplicate') return t('importList.lineErrors.duplicate', { line: p.firstLine });
    if (p.kind === 'page') {
      const reason = p.code ? tp(`urlStep.errors.${p.code}`, { defaultValue: '' }) : '';
      return reason ? `${reason} ${t('importList.lineErrors.page')}` : t('importList.lineErrors.page');
    }
    return t(`importList.lineErrors.${p.kind}`);
  };

  return (
    <div className="list-files-report">
      {failed.length > 0 && (
        <>
          <h3 className="list-files-report__title">{t('importList.reportTitle')}</h3>
          <ul className="list-files-report__lines">
            {failed.map((r) => (
              <li key={r.line} className="list-files-report__line list-files-report__line--failed">
                <strong>{t('importList.line', { line: r.line })}</strong> <span className="list-files-report__url">{r.url}</span>
                <span className="list-files-report__why">{why(r.problem)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
      {added.length > 0 && (
        <ul className="list-files-report__lines">
          {added.map((r) => (
            <li key={r.line} className="list-files-report__line">
              <strong>{t('importList.line', { line: r.line })}</strong> {t('importList.added', { name: r.added.name })}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
