/** A column's header: its text alone (the table's shared cell class), or with a class of its own. */
export type Column = string | { label: string; className: string };

/** The header cells of a table's columns, each a <th scope="col"> that screen readers announce with its cells. */
export function ColumnHeaders({ columns, className }: { columns: readonly Column[]; className?: string }) {
  return columns.map((column) => {
    const cell = typeof column === 'string' ? { label: column, className } : column;
    return (
      <th key={cell.label} scope="col" className={cell.className}>
        {cell.label}
      </th>
    );
  });
}
