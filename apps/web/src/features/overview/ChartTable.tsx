import { Box } from '@mui/material';
import { visuallyHidden } from '../../lib/visuallyHidden';

/** A chart's numbers as a table screen readers read in place of the drawing (hidden from the eye). */
export function ChartTable({ caption, headers, rows, testId }: { caption: string; headers: string[]; rows: (string | number)[][]; testId?: string }) {
  return (
    // The hidden box holds the table: a table grows to its content and would widen the page.
    <Box sx={visuallyHidden}>
      <table data-testid={testId}>
        <caption>{caption}</caption>
        <thead>
          <tr>{headers.map((h) => <th key={h} scope="col">{h}</th>)}</tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={String(row[0])}>
              {row.map((cell, i) => (i === 0 ? <th key={i} scope="row">{cell}</th> : <td key={i}>{cell}</td>))}
            </tr>
          ))}
        </tbody>
      </table>
    </Box>
  );
}
