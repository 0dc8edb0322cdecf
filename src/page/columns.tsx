// The column titles stay in view: while the table's own header row is scrolled under the search bar, a copy of it
// shows below the bar (and the result), each title as wide as the table's column and scrolled sideways with it.
// A copy, not a sticky header row: the table scrolls sideways in a frame of its own, which would hold a sticky row
// inside it, and any change inside a table of 10,000 rows has the browser go through all of them again.
import * as React from 'react';
import type { Messages } from './messages.ts';

/** `target`: the table has the column of the share of one's target reached (page/fair/targets.tsx). */
export function Columns({ t, target = false }: { t: Messages; target?: boolean }) {
  const ref = React.useRef<HTMLDivElement>(null);
  // After every render: the result above the copy may have grown or shrunk.
  React.useEffect(() => {
    const copy = ref.current;
    const head = document.querySelector('thead');
    const frame = head?.closest('.table-scroll');
    if (!copy || !head || !frame) return;
    const follow = () => {
      // Reads only of the table, and all before the writes to the copy: nothing lays the table out again.
      const widths = [...head.rows[0]!.cells].map((cell) => cell.getBoundingClientRect().width);
      const shown = head.getBoundingClientRect().top < copy.getBoundingClientRect().top;
      widths.forEach((width, index) => ((copy.children[index] as HTMLElement).style.width = `${width}px`));
      copy.style.visibility = shown ? 'visible' : '';
      copy.scrollLeft = frame.scrollLeft;
    };
    follow();
    // Capturing, it also hears the table's frame scroll sideways (a scroll event does not bubble).
    addEventListener('scroll', follow, true);
    addEventListener('resize', follow);
    return () => {
      removeEventListener('scroll', follow, true);
      removeEventListener('resize', follow);
    };
  });
  return (
    // Screen readers have the table's own header row: the copy is for the eye only.
    <div className="columns" aria-hidden="true" ref={ref}>
      <span>{t.name}</span>
      <span>{t.leads}</span>
      <span>{t.profit}</span>
      {target && <span>{t.fair?.targets?.column}</span>}
    </div>
  );
}
