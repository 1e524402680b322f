export interface NumberedListProps {
  /** The list's class; its parts take `${block}__item`, `__number`, `__title` and `__text`. */
  block: string;
  items: readonly { title: string; text: string }[];
  /** Numbers of two digits (01, 02, …). */
  twoDigits?: boolean;
}

/**
 * An ordered list of titled steps, each under its number, laid out as tiles (styles/base.css:
 * the list's class sets their width or columns). The number is drawn, not read: the list's own
 * order says it to a screen reader.
 */
export function NumberedList({ block, items, twoDigits = false }: NumberedListProps) {
  return (
    <ol className={`tile-grid ${block}`}>
      {items.map((item, index) => (
        <li key={item.title} className={`${block}__item`}>
          <span className={`${block}__number`} aria-hidden="true">
            {twoDigits ? String(index + 1).padStart(2, '0') : index + 1}
          </span>
          <h3 className={`${block}__title`}>{item.title}</h3>
          <p className={`${block}__text`}>{item.text}</p>
        </li>
      ))}
    </ol>
  );
}
