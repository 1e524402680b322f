/**
 * A secondary button acting on one of many like things on a page (a table's row, a card): it
 * shows its label, and a screen reader hears the thing's name after it ("Remove Ana Cruz"), so
 * a page of them is not a list of "Remove".
 */
export function NamedButton({
  label,
  name,
  onClick,
}: {
  label: string;
  name: string;
  onClick: () => void;
}) {
  return (
    <button type="button" className="button button--secondary" onClick={onClick}>
      {label}
      <span className="visually-hidden"> {name}</span>
    </button>
  );
}
