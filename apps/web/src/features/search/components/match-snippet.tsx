import { interpolate, type SearchMatch } from '@hookline/contract';
import { UnstyledButton } from '@mantine/core';
import { searchTexts as t } from '@/config/texts/search';
import { formatTimestamp } from '@/entities/comment/format';
import classes from './search.module.css';

/** Words kept before the first marked one: a one-line row shows the match, not the snippet's start. */
const LEAD_CHARS = 24;

/** The snippet's text with its matched words marked (starting shortly before the first). */
function Highlighted({ match }: { match: SearchMatch }) {
  const parts: React.ReactNode[] = [];
  const first = match.highlights[0]?.[0] ?? 0;
  let at = 0;
  if (first > LEAD_CHARS + 8) {
    at = match.snippet.lastIndexOf(' ', first - LEAD_CHARS) + 1;
    parts.push('…');
  }
  for (const [from, to] of match.highlights) {
    if (from > at) parts.push(match.snippet.slice(at, from));
    parts.push(<mark key={from}>{match.snippet.slice(from, to)}</mark>);
    at = to;
  }
  parts.push(match.snippet.slice(at));
  return <>{parts}</>;
}

/**
 * Where a keyword matched an item beyond its name and tags: '"…50% off your first order…" ·
 * 0:12' with the words marked; the time plays the file from there.
 */
export function MatchSnippet({
  match,
  onPlayAt,
}: {
  match: SearchMatch;
  onPlayAt?: (match: SearchMatch) => void;
}) {
  const time = match.timestampMs === null ? null : formatTimestamp(Math.floor(match.timestampMs / 1000));
  return (
    <div className={classes.snippet} data-testid="match-snippet" data-source={match.source}>
      <span className={classes.snippetSource}>{t.sources[match.source]}</span>{' '}
      <span className={classes.snippetText}>
        “<Highlighted match={match} />”
      </span>
      {time !== null && onPlayAt && (
        <>
          {' · '}
          <UnstyledButton
            className={classes.snippetTime}
            onClick={(event) => {
              event.stopPropagation();
              onPlayAt(match);
            }}
            aria-label={interpolate(t.playAt, { time })}
            data-testid="snippet-time"
          >
            {time}
          </UnstyledButton>
        </>
      )}
    </div>
  );
}

/** The first match worth showing: not the name or a tag (the card shows those). */
export const snippetMatch = (matches: readonly SearchMatch[]) =>
  matches.find((m) => m.source !== 'NAME' && m.source !== 'TAG');
