/** "On this page": links to the page's sections, labelled by its own title. */
export function TableOfContents({ id, title, sections, columns = false }: { id: string; title: string; sections: { id: string; title: string }[]; columns?: boolean }) {
  return (
    <nav className="content-toc" aria-labelledby={id}>
      <p className="content-toc-title" id={id}>
        {title}
      </p>
      <ol className={columns ? 'content-toc-list content-toc-list--columns' : 'content-toc-list'}>
        {sections.map((s) => (
          <li key={s.id}>
            <a href={`#${s.id}`}>{s.title}</a>
          </li>
        ))}
      </ol>
    </nav>
  );
}
