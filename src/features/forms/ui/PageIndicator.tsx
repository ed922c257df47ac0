import { fill } from '../../../platform/fill-message.ts';
import type { FormPage } from '../form-pages.ts';
import { formMessages } from '../messages.ts';

type Props = {
  style: 'progress' | 'circles' | 'connector' | 'none';
  pages: readonly FormPage[];
  current: number;
};

/** Where the visitor is in a multi-page form (seed §2.9): connector, circles or progress. */
export function PageIndicator({ style, pages, current }: Props) {
  if (style === 'none' || pages.length < 2) return null;
  const total = pages.length;
  const page = pages[current - 1];
  const position = fill(formMessages.pageProgress, { current, total });
  if (style === 'progress') {
    const percent = Math.round((current / total) * 100);
    return (
      <div
        className="qforms-page-indicator qforms-page-indicator--progress"
        data-indicator="progress"
      >
        <p className="qforms-page-indicator-title">
          {page?.title && <span className="qforms-page-indicator-page-title">{page.title} </span>}
          <span className="qforms-page-indicator-steps">{position}</span>
        </p>
        <div
          className="qforms-page-indicator-progress"
          role="progressbar"
          aria-label={position}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={percent}
        >
          <div className="qforms-page-indicator-page-progress" style={{ width: `${percent}%` }} />
        </div>
      </div>
    );
  }
  return (
    <ol
      className={`qforms-page-indicator qforms-page-indicator--${style}`}
      data-indicator={style}
      aria-label={position}
    >
      {pages.map((p) => (
        <li
          key={p.number}
          className={`qforms-page-indicator-page${p.number === current ? ' active' : ''}${p.number < current ? ' done' : ''}`}
          aria-current={p.number === current ? 'step' : undefined}
          style={style === 'connector' ? { width: `${100 / total}%` } : undefined}
        >
          <span className="qforms-page-indicator-page-number">{p.number}</span>
          {p.title && <span className="qforms-page-indicator-page-title">{p.title}</span>}
        </li>
      ))}
    </ol>
  );
}
